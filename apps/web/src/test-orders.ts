import type { OrderStatus } from '@haat/shared/constants';
import type { OrderView } from '@haat/shared/schemas/order';

/** One order as the order API answers it (GET order/get-order, get-all-order): a guest's cash-on-delivery order in Dhaka, ৳1,000 + ৳60. */
export const orderFixture = (id: string, status: OrderStatus = 'Pending', extra: Partial<OrderView> = {}): OrderView => ({
  _id: id,
  orderId: `ORD-${id}`,
  userId: null,
  status,
  payment_status: 'CASH-ON-DELIVERY',
  transaction_id: '',
  mobile: '01712345678',
  note: '',
  subTotal_amount: 1000,
  source: 'web',
  exchange_for: null,
  customer_name: '',
  delivery_fee: 60,
  total_amount: 1060,
  promotions: [],
  discount_total: 0,
  product_details: [{ _id: 'i1', product_id: 'p1', name: 'Samsung A15', name_bn: '', image: [], unit: '1 piece', price: 500, discount: 0, unit_price: 500, quantity: 2, promotion_discount: 0, variant_id: null, sku: '', options: [] }],
  delivery_address: null,
  guest_user_delivery_address: { address_line: 'House 1, Road 2', city: 'Dhaka', mobile: '01812345678' },
  paid: false,
  trx_id: null,
  refund_trx_id: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  courier: null,
  ...extra,
});

/** An order item of a variant (issue 21): Cotton Kurta in Size L, Colour Red (Bangla "লাল"), SKU KURTA-L-RED. */
export const variantItem = (extra: Partial<OrderView['product_details'][number]> = {}): OrderView['product_details'][number] => ({
  _id: 'i-kurta',
  product_id: 'p1',
  name: 'Cotton Kurta',
  name_bn: 'সুতি কুর্তা',
  image: [],
  unit: '1 pc',
  price: 1200,
  discount: 0,
  unit_price: 1200,
  quantity: 2,
  promotion_discount: 0,
  variant_id: 'v-l-red',
  sku: 'KURTA-L-RED',
  options: [
    { name: 'Size', name_bn: 'সাইজ', value: 'L', value_bn: '' },
    { name: 'Colour', name_bn: 'রং', value: 'Red', value_bn: 'লাল' },
  ],
  ...extra,
});
