import { z } from 'zod';
import { MAX_LINE_QUANTITY, MOBILE_LENGTH, ORDER_STATUSES, PAYMENT_METHODS, WALLETS, type OrderStatus } from '../constants';
import type { DeliveryRecord } from '../delivery-record';
import { addressSchema } from './address';
import type { CourierView } from './courier';
import { QUANTITY_TOO_LARGE } from './cart';
import { idField, TEXT_LIMITS } from './limits';

const MOBILE_PATTERN = new RegExp(`^\\d{${MOBILE_LENGTH}}$`);
export const MOBILE_MESSAGE = 'Valid mobile number required';

/** The payment dialog 'Select Payment Method' (spec §5). */
export const paymentDialogSchema = z.object({
  method: z.enum(WALLETS, { error: 'Select a method' }),
  transaction_id: z.string().trim().max(100, 'Transaction ID is too long').optional(),
  mobile: z.string({ error: MOBILE_MESSAGE }).trim().regex(MOBILE_PATTERN, MOBILE_MESSAGE),
  note: z.string().trim().max(1000, 'Note is too long').optional(),
});
export type PaymentDialogInput = z.infer<typeof paymentDialogSchema>;

/**
 * One ordered line. Accepts the shapes a cart holds: `{ product_id, quantity }`,
 * a server cart line `{ product_id: { _id }, quantity }` or a guest cart line
 * (the product flat, `{ _id, quantity }`). Everything but the id and the
 * quantity is ignored: the server prices from its own records.
 */
const orderLineSchema = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object') return v;
    const line = v as { product_id?: unknown; _id?: unknown; quantity?: unknown };
    const pid = line.product_id && typeof line.product_id === 'object' ? (line.product_id as { _id?: unknown })._id : line.product_id;
    return { product_id: pid ?? line._id, quantity: line.quantity };
  },
  z.object({
    product_id: idField('Each item needs a product.'),
    quantity: z.coerce.number({ error: 'Quantity must be a whole number.' }).int('Quantity must be a whole number.').min(1, 'Quantity must be at least 1.').max(MAX_LINE_QUANTITY, QUANTITY_TOO_LARGE),
  }),
);
export type OrderLineInput = z.infer<typeof orderLineSchema>;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .nullish()
    .transform((v) => v ?? '');

/**
 * POST /order (spec §3). userId, totalAmt, subTotalAmt and any prices sent are
 * not part of it: the server takes the user from the token and computes every
 * amount itself.
 */
export const orderPayloadSchema = z
  .object({
    method: z.enum(PAYMENT_METHODS, { error: 'Select a method' }),
    mobile: optionalText(20, 'Mobile number'),
    note: optionalText(1000, 'Note'),
    transaction_id: optionalText(100, 'Transaction ID'),
    list_items: z.array(orderLineSchema).max(100, 'Too many items in one order.').nullish().transform((v) => v ?? []),
    addressId: z.string().trim().max(TEXT_LIMITS.id, 'Choose a delivery address.').nullish().transform((v) => v || undefined),
    // A guest's address, carried whole (spec §3), by the same rules as the address dialog.
    guest_user_delivery_address: addressSchema.nullish().transform((v) => v ?? undefined),
  })
  .superRefine((v, ctx) => {
    if (v.method !== 'CASH-ON-DELIVERY' && !MOBILE_PATTERN.test(v.mobile)) {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: MOBILE_MESSAGE });
    }
  });
export type OrderPayload = z.input<typeof orderPayloadSchema>;
export type ParsedOrderPayload = z.output<typeof orderPayloadSchema>;

const statusMessage = `Status must be one of ${ORDER_STATUSES.join(', ')}.`;

/** PATCH /order/update-status/{id}. */
export const orderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: statusMessage }),
});

/** GET /order/get-all-order: status omitted for All. */
export const orderListQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' || v === 'All' ? undefined : v), z.enum(ORDER_STATUSES, { error: statusMessage }).optional()),
  page: z.coerce.number({ error: 'Page must be a number.' }).int('Page must be a whole number.').min(1, 'Page must be at least 1.').default(1),
});

/** A delivery address as an order keeps it (a snapshot, not a reference). */
export interface AddressSnapshot {
  address_line: string;
  city: string;
  mobile: string;
}

/** An order as the API answers it (spec §3 Order), with the amounts the server computed. */
export interface OrderView {
  _id: string;
  orderId: string;
  userId: string | null;
  status: OrderStatus;
  /** The payment method, shown as "Payment Method". */
  payment_status: string;
  transaction_id: string;
  mobile: string;
  note: string;
  subTotal_amount: number;
  delivery_fee: number;
  total_amount: number;
  product_details: {
    _id: string;
    product_id: string | null;
    name: string;
    image: string[];
    unit: string;
    price: number;
    discount: number;
    unit_price: number;
    quantity: number;
  }[];
  delivery_address: AddressSnapshot | null;
  guest_user_delivery_address: AddressSnapshot | null;
  createdAt: string;
  updatedAt: string;
  /** The buyer's delivery record (COD risk check): in the admin's answers only. */
  delivery_record?: DeliveryRecord;
  /** The courier booking and its updates; null until booked (issue 13). */
  courier: CourierView | null;
}
