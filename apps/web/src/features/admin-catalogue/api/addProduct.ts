import type { Product } from '@haat/shared/schemas/catalogue';
import type { UploadOptions } from '@/components/UploadProgress';
import { authRequest } from '@/lib/session';
import { useCatalogueWrite } from './catalogueWrite';
import type { VariantsValue } from '../components/VariantsEditor';
import { variantsPayload } from './variants';

/** The product form's values (spec §5). An image is a new File, or the URL of one the product already has. */
export interface ProductFormValues {
  productId?: string;
  name: string;
  /** Issue 14: the optional Bangla name and description ('' when none). */
  name_bn?: string;
  description: string;
  description_bn?: string;
  /** Spec §3 product_details: free text shown under Product Details; optional. */
  product_details: string;
  /** Issue 42: the Details in Bangla ('' when none). */
  product_details_bn?: string;
  image: (File | string)[];
  category: string[];
  subCategory: string[];
  unit: string;
  stock: number | string;
  /** Edit only: the stock the form loaded; the server changes stock only while it still holds this (else 409). */
  expectedStock?: number;
  price: number | string;
  discount: number | string;
  more_details: Record<string, string>;
  publish: boolean;
  /** Not ready to ship (issue 44): the day it ships, YYYY-MM-DD; '' when ready. */
  ships_on?: string | null;
  /** Options and variants (issue 21); left out, the server keeps what the product has. */
  variants?: VariantsValue;
}

/**
 * The multipart form of add-product and edit-product (spec §7): repeated
 * `image`, `category` and `subCategory` parts, more_details as JSON text.
 * Kept images go as their URLs (text parts), new ones as files.
 */
export function productForm(values: ProductFormValues): FormData {
  const form = new FormData();
  if (values.productId) form.append('productId', values.productId);
  form.append('name', values.name);
  form.append('description', values.description);
  form.append('name_bn', values.name_bn ?? '');
  form.append('description_bn', values.description_bn ?? '');
  form.append('product_details', values.product_details);
  form.append('product_details_bn', values.product_details_bn ?? '');
  for (const img of values.image) form.append('image', img);
  for (const id of values.category) form.append('category', id);
  for (const id of values.subCategory) form.append('subCategory', id);
  form.append('unit', values.unit);
  form.append('stock', String(values.stock));
  if (values.expectedStock !== undefined) form.append('expectedStock', String(values.expectedStock));
  form.append('price', String(values.price));
  form.append('discount', String(values.discount === '' ? 0 : values.discount));
  form.append('more_details', JSON.stringify(values.more_details));
  form.append('publish', String(values.publish));
  if (values.ships_on !== undefined) form.append('ships_on', values.ships_on ?? '');
  if (values.variants) {
    const { options, variants } = variantsPayload(values.variants, values.image);
    form.append('options', JSON.stringify(options));
    form.append('variants', JSON.stringify(variants));
  }
  return form;
}

/** POST product/add-product; `upload` reports progress and cancels. */
export function addProduct(values: ProductFormValues & { upload?: UploadOptions }) {
  return authRequest<Product>('product/add-product', { method: 'POST', body: productForm(values), ...values.upload });
}

export function useAddProduct() {
  return useCatalogueWrite(addProduct);
}
