import type { Product } from '@haat/shared/schemas/catalogue';

/** A published product as the catalogue API answers it (admin screens' tests). */
export const adminProduct = (id: string, name: string): Product => ({
  _id: id,
  name,
  description: 'desc',
  name_bn: '',
  description_bn: '',
  product_details: '6.5 inch screen',
  product_details_bn: '',
  unit: '1 piece',
  price: 1000,
  discount: 10,
  image: ['/uploads/products/x.webp'],
  stock: 3,
  quantity: 10,
  more_details: { Colour: 'Black' },
  category: [{ _id: 'c1', name: 'Electronics', name_bn: '' }],
  subCategory: [{ _id: 's1', name: 'Phones', name_bn: '' }],
  publish: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  price_varies: false,
});
