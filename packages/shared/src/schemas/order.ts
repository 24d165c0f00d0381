import { z } from 'zod';
import { deadlineSchema } from './deadlines';
import { CHECKOUT_METHODS, GATEWAY_METHODS, MAX_LINE_QUANTITY, MOBILE_LENGTH, ORDER_STATUSES, PAYMENT_METHODS, WALLETS } from '../constants';
import { deliveryRecordSchema } from '../delivery-record';
import { addressSchema } from './address';
import { courierBookingSchema, courierViewSchema } from './courier';
import { emptyReplySchema, envelope, listEnvelope } from './reply';
import { QUANTITY_TOO_LARGE } from './cart';
import { asciiDigitsOf, normalizeDigitsInput, normalizePhoneInput } from '../phone';
import { idField, TEXT_LIMITS } from './limits';
import { orderPromotionSchema, voucherCodeField } from './promotion';
import { otpField } from './auth';
import { chosenOptionSchema } from './variants';
import { owedRefundSchema } from './returns';

const MOBILE_PATTERN = new RegExp(`^\\d{${MOBILE_LENGTH}}$`);
export const MOBILE_MESSAGE = 'Valid mobile number required';

/** The payment dialog 'Select Payment Method' (spec §5). */
export const paymentDialogSchema = z.object({
  /** A wallet by typed transaction id (or bKash's checkout), or a hosted gateway the owner configured (decision 0120). */
  method: z.enum([...WALLETS, ...GATEWAY_METHODS], { error: 'Select a method' }),
  transaction_id: z.string().trim().overwrite(normalizeDigitsInput).max(100, 'Transaction ID is too long').optional(),
  mobile: z.string({ error: MOBILE_MESSAGE }).trim().overwrite(normalizePhoneInput).regex(MOBILE_PATTERN, MOBILE_MESSAGE),
  note: z.string().trim().max(1000, 'Note is too long').optional(),
});
export type PaymentDialogInput = z.infer<typeof paymentDialogSchema>;

/**
 * One ordered line. Accepts the shapes a cart holds: `{ product_id, quantity }`,
 * a server cart line `{ product_id: { _id }, quantity }` or a guest cart line
 * (the product flat, `{ _id, quantity }`). Everything but the id and the
 * quantity is ignored: the server prices from its own records.
 */
export const orderLineSchema = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object') return v;
    const line = v as { product_id?: unknown; _id?: unknown; quantity?: unknown; variant_id?: unknown };
    const pid = line.product_id && typeof line.product_id === 'object' ? (line.product_id as { _id?: unknown })._id : line.product_id;
    return { product_id: pid ?? line._id, quantity: line.quantity, variant_id: line.variant_id || undefined };
  },
  z.object({
    product_id: idField('Each item needs a product.'),
    /** The chosen variant (issue 21): required for a product of more than one variant. */
    variant_id: z.string().trim().max(TEXT_LIMITS.id, 'Choose a variant.').optional(),
    quantity: z.preprocess(asciiDigitsOf, z.coerce.number({ error: 'Quantity must be a whole number.' }).int('Quantity must be a whole number.').min(1, 'Quantity must be at least 1.').max(MAX_LINE_QUANTITY, QUANTITY_TOO_LARGE)),
  }),
);
export type OrderLineInput = z.infer<typeof orderLineSchema>;

const optionalText = (max: number, label: string, normalize: (v: string) => string = (v) => v) =>
  z
    .string()
    .trim()
    .overwrite(normalize)
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
    /** A gateway method (SSLCommerz, decision 0120) is refused with GATEWAY_METHOD_OFF when the owner has not configured it. */
    method: z.enum(CHECKOUT_METHODS, { error: 'Select a method' }),
    mobile: optionalText(20, 'Mobile number', normalizePhoneInput),
    note: optionalText(1000, 'Note'),
    transaction_id: optionalText(100, 'Transaction ID', normalizeDigitsInput),
    list_items: z.array(orderLineSchema).max(100, 'Too many items in one order.').nullish().transform((v) => v ?? []),
    addressId: z.string().trim().max(TEXT_LIMITS.id, 'Choose a delivery address.').nullish().transform((v) => v || undefined),
    // A guest's address, carried whole (spec §3), by the same rules as the address dialog.
    guest_user_delivery_address: addressSchema.nullish().transform((v) => v ?? undefined),
    /** A voucher code (issue 22): case-insensitive, Bengali digits accepted; a code that does not apply is a 400 and no order. */
    voucher_code: voucherCodeField,
    /** The SMS code that confirms a guest's cash-on-delivery mobile, when the owner's rule asks for it (issue 26, decision 0062). */
    cod_otp: otpField.optional(),
    /**
     * The checkout's box for the terms and the use of the shopper's data (issue 27, decision 0077): true places the
     * order with the consent recorded; false is 400 CONSENT_REQUIRED. Left out (the specification's payload, which
     * has no such field), the order is placed as the spec says, with no consent recorded.
     */
    consent: z.boolean({ error: 'Consent must be true or false.' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.method !== 'CASH-ON-DELIVERY' && !MOBILE_PATTERN.test(v.mobile)) {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: MOBILE_MESSAGE });
    }
  });
export type OrderPayload = z.input<typeof orderPayloadSchema>;
export type ParsedOrderPayload = z.output<typeof orderPayloadSchema>;

/**
 * POST /order/manual (ADMIN, issue 13): an order taken by phone or Messenger.
 * The buyer's name, mobile and address replace the shopper's account; the
 * lines and method are as in POST /order, priced and reserved by the same rules.
 */
export const manualOrderSchema = z.object({
  customer: addressSchema.extend({
    name: z.string({ error: "Enter the buyer's name" }).trim().min(1, "Enter the buyer's name").max(TEXT_LIMITS.personName, 'Name is too long'),
  }),
  list_items: z.array(orderLineSchema, { error: 'Add at least one product.' }).min(1, 'Add at least one product.').max(100, 'Too many items in one order.'),
  method: z.enum(PAYMENT_METHODS, { error: 'Select a method' }),
  transaction_id: optionalText(100, 'Transaction ID', normalizeDigitsInput),
  note: optionalText(1000, 'Note'),
  voucher_code: voucherCodeField,
});
export type ManualOrderInput = z.input<typeof manualOrderSchema>;
export type ManualOrder = z.output<typeof manualOrderSchema>;

/** GET /order/print?ids=a,b: the orders an invoice or a label sheet shows, at most 100. */
export const printQuerySchema = z.object({
  ids: z
    .string({ error: 'Choose at least one order.' })
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(TEXT_LIMITS.id, 'Unknown order id.')).min(1, 'Choose at least one order.').max(100, 'Print at most 100 orders at once.')),
});

/** Where an order came from: the shop, the admin keying in a phone or Messenger order, or an exchange's replacement (issue 42). */
export const ORDER_SOURCES = ['web', 'admin', 'exchange'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

const statusMessage = `Status must be one of ${ORDER_STATUSES.join(', ')}.`;

/** PATCH /order/update-status/{id}. */
export const orderStatusSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: statusMessage }),
    /** A cancel's reason (issue 27): 'unsupplied' tells the shopper and starts a prepaid order's refund (bKash by a job; a typed wallet's owed by hand, decision 0081). */
    reason: z.enum(['unsupplied'], { error: 'The cancel reason must be unsupplied.' }).optional(),
  })
  .refine((v) => !v.reason || v.status === 'Cancel', { path: ['reason'], message: 'A cancel reason goes only with Cancel.' });

/** POST /order/{id}/refund: the whole paid amount goes back; bKash keeps the reason. */
/** The most the Orders role may refund (issue 28, decision 0066): whole taka; 0 = Orders staff cannot refund. */
export const MAX_REFUND_LIMIT = 10_000_000;
const refundLimitMessage = `The refund limit must be a whole number of taka from 0 to ${MAX_REFUND_LIMIT.toLocaleString('en-US')}.`;
export const refundLimitSchema = z.object({
  limit: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: refundLimitMessage }).int(refundLimitMessage).min(0, refundLimitMessage).max(MAX_REFUND_LIMIT, refundLimitMessage)),
});
export const refundLimitReplySchema = envelope(z.object({ limit: z.number() }));

export const orderRefundSchema = z.object({
  reason: z
    .string({ error: 'Please give a reason for the refund.' })
    .trim()
    .min(1, 'Please give a reason for the refund.')
    .max(255, 'The reason is too long (at most 255 characters).')
    .refine((v) => !/[<>&]/.test(v), 'The reason cannot contain <, > or &.'),
});

/** GET /order/get-all-order: status omitted for All. */
export const orderListQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' || v === 'All' ? undefined : v), z.enum(ORDER_STATUSES, { error: statusMessage }).optional()),
  page: z.coerce.number({ error: 'Page must be a number.' }).int('Page must be a whole number.').min(1, 'Page must be at least 1.').default(1),
});

/** A delivery address as an order keeps it (a snapshot, not a reference). */
export const addressSnapshotSchema = z.object({
  /** Who receives the parcel; absent on orders placed before it was asked, or by clients that send none. */
  name: z.string().optional(),
  address_line: z.string(),
  city: z.string(),
  mobile: z.string(),
});

/** An order as the API answers it (spec §3 Order), with the amounts the server computed. */
export const orderViewSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  userId: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  /** The payment method, shown as "Payment Method". */
  payment_status: z.string(),
  transaction_id: z.string(),
  mobile: z.string(),
  note: z.string(),
  subTotal_amount: z.number(),
  delivery_fee: z.number(),
  total_amount: z.number(),
  product_details: z.array(
    z.object({
      _id: z.string(),
      product_id: z.string().nullable(),
      name: z.string(),
      /** The product's Bangla name when it was ordered ('' when none). */
      name_bn: z.string(),
      image: z.array(z.string()),
      unit: z.string(),
      price: z.number(),
      discount: z.number(),
      unit_price: z.number(),
      quantity: z.number(),
      /** This line's share of the order's promotion discount, whole taka (issue 22): the line's own amount is unit_price × quantity − this. */
      promotion_discount: z.number(),
      /** The variant ordered (issue 21), its SKU and chosen options as they were when ordered; null, '' and [] for a product without options. */
      variant_id: z.string().nullable(),
      sku: z.string(),
      options: z.array(chosenOptionSchema),
    }),
  ),
  /** The promotions the order carries (issue 22), as they were when it was placed; [] when none. */
  promotions: z.array(orderPromotionSchema),
  /** The promotions' saving on the items (the lines' promotion_discount summed); total_amount = subTotal_amount − discount_total + delivery_fee. */
  discount_total: z.number(),
  delivery_address: addressSnapshotSchema.nullable(),
  guest_user_delivery_address: addressSnapshotSchema.nullable(),
  /** True once bKash confirmed the payment (a typed transaction id is never verified, so it stays false). */
  paid: z.boolean(),
  /** bKash's trxID of the payment, and of its refund once refunded. */
  trx_id: z.string().nullable(),
  refund_trx_id: z.string().nullable(),
  /** The bKash page to pay on, while the payment waits (POST /order answers it; the web sends the shopper there). */
  bkashURL: z.string().optional(),
  /** The partial advance (decision 0114): taka asked through bKash before the COD order is confirmed; null = none. paid says whether bKash confirmed it. */
  advance_amount: z.number().nullable().optional(),
  /** THE amount the rider collects (amountDueOnDelivery, decision 0114): the total less a paid advance for COD, 0 for a prepaid order. */
  due_on_delivery: z.number().optional(),
  /** The gateway's page to pay on (bKash's or SSLCommerz's), while the payment waits: the web sends the shopper there. */
  payment_url: z.string().optional(),
  /** 'admin' for an order keyed in from a phone call or Messenger; 'exchange' for an exchange's replacement order. */
  source: z.enum(ORDER_SOURCES),
  /** An exchange's replacement order (issue 42): the number of the order whose items it replaces; null for any other order. */
  exchange_for: z.string().nullable(),
  /** The buyer's name when known (phone orders, signed-in shoppers); '' for a web guest. */
  customer_name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The order number of another order from the same mobile with the same items within 24 hours (issue 26): in the admin's list only; null when none. */
  duplicate_of: z.string().nullable().optional(),
  /** The buyer's delivery record (COD risk check): in the admin's answers only. */
  delivery_record: deliveryRecordSchema.optional(),
  /** The courier booking and its updates; null until booked (issue 13). */
  courier: courierViewSchema.nullable(),
  /** A booking queued to be tried again, or failed after its last try (decision 0080): in the admin's answers only; null when none. */
  courier_booking: courierBookingSchema.nullable().optional(),
  /** When the shopper agreed to the terms and data use, and the terms' and privacy page's versions then (decision 0077); null: not asked. */
  consent: z.object({ at: z.string(), terms_version: z.number(), privacy_version: z.number() }).nullable().optional(),
  /** Its due times (handover, delivery) and whether each is overdue (issue 27): in the admin's answers only. */
  deadlines: z.array(deadlineSchema).optional(),
  /** Refunds owed (due, or refused by bKash) for the owner to record as sent by hand (decision 0081): in the admin's answers only. */
  refunds_owed: z.array(owedRefundSchema).optional(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** An order as the admin's answers give it (decision 0126): the shopper's view and what only staff may see. */
export const adminOrderViewSchema = orderViewSchema.extend({
  /** SSLCommerz's risk_title while a risky payment holds the order for the owner's review (decision 0120); null when nothing holds it. */
  payment_hold: z.string().nullable(),
});
export type AdminOrderView = z.infer<typeof adminOrderViewSchema>;

export const orderReplySchema = envelope(orderViewSchema);
export const adminOrderReplySchema = envelope(adminOrderViewSchema);
export const orderListReplySchema = envelope(z.array(orderViewSchema));
/** GET /order/get-all-order: a page of orders as the admin sees them, with the page also under pagination. */
export const orderPageReplySchema = listEnvelope(adminOrderViewSchema).extend({
  pagination: z.object({ page: z.number(), pageSize: z.number(), totalPages: z.number(), totalCount: z.number() }),
});
/** One line of an order's log (GET /order/{id}/events): an SMS sent or failed, oldest first. */
export const orderEventSchema = z.object({ kind: z.string(), status: z.string(), message: z.string(), at: z.string() });
export type OrderEvent = z.infer<typeof orderEventSchema>;
export const orderEventsReplySchema = envelope(z.array(orderEventSchema));
export const orderDeletedReplySchema = emptyReplySchema;
