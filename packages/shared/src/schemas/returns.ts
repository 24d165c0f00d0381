import { z } from 'zod';
import { MAX_LINE_QUANTITY, MOBILE_LENGTH } from '../constants';
import { normalizeDigitsInput, normalizePhoneInput } from '../phone';
import { MANUAL_REFUND_METHODS, MAX_RETURN_WINDOW_DAYS, PICKUPS, REFUND_METHODS, RETURN_KINDS, RETURN_REASONS, RETURN_RECORD_REASONS, RETURN_STATES } from '../returns';
import { envelope } from './reply';
import { TEXT_LIMITS } from './limits';
import { chosenOptionSchema } from './variants';

/** Returns, exchanges and refunds (issue 27, decision 0075): what web and server send each other. */

const noteField = (label: string, max = 500) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long (at most ${max} characters).`)
    .optional()
    .transform((v) => v ?? '');

const itemLine = z.object({
  item_id: z.string({ error: 'Choose the items to send back.' }).trim().min(1, 'Choose the items to send back.').max(TEXT_LIMITS.id, 'Choose the items to send back.'),
  quantity: z.coerce.number({ error: 'Quantity must be a whole number.' }).int('Quantity must be a whole number.').min(1, 'Quantity must be at least 1.').max(MAX_LINE_QUANTITY, 'Quantity must be a whole number.'),
  /** An exchange: the variant of the same product wanted instead. */
  wanted_variant_id: z.string().trim().max(TEXT_LIMITS.id).optional(),
});

/** A shopper's return or exchange request (the `request` field of the multipart form; photos beside it). */
export const returnRequestSchema = z.object({
  kind: z.enum(RETURN_KINDS, { error: 'Choose return or exchange.' }),
  items: z.array(itemLine, { error: 'Choose the items to send back.' }).min(1, 'Choose the items to send back.').max(100, 'Too many items.'),
  reason: z.enum(RETURN_REASONS, { error: 'Choose a reason.' }),
  note: noteField('The note'),
});
export type ReturnRequestInput = z.input<typeof returnRequestSchema>;
export type ReturnRequest = z.output<typeof returnRequestSchema>;

const MOBILE_PATTERN = new RegExp(`^\\d{${MOBILE_LENGTH}}$`);
/** A guest names the order as /track does: its number and the mobile it was placed with. */
export const guestOrderSchema = z.object({
  orderId: z.string({ error: 'Enter the order number.' }).trim().min(1, 'Enter the order number.').max(40, 'Enter the order number.'),
  mobile: z.string({ error: 'Valid mobile number required' }).trim().overwrite(normalizePhoneInput).regex(MOBILE_PATTERN, 'Valid mobile number required'),
});
export type GuestOrderInput = z.input<typeof guestOrderSchema>;

/** The owner's decision: approve (with how the parcel is picked up) or reject (with a reason the shopper is told). */
export const returnDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), pickup: z.enum(PICKUPS, { error: 'Choose how the parcel is picked up.' }), note: noteField('The note') }),
  z.object({
    decision: z.literal('reject'),
    note: z.string({ error: 'Give the reason for rejecting.' }).trim().min(1, 'Give the reason for rejecting.').max(500, 'The note is too long (at most 500 characters).'),
  }),
], { error: 'Choose approve or reject.' });
export type ReturnDecision = z.infer<typeof returnDecisionSchema>;

/** Items received: for a courier's partial delivery the owner says which lines came back (a shopper's request already did). */
export const returnReceiveSchema = z.object({
  items: z.array(itemLine.omit({ wanted_variant_id: true })).max(100).optional(),
  /** An exchange received as a return (issue 41): no replacement order, the units refunded instead (the wanted size may be out of stock). */
  refund_instead: z.boolean().optional(),
});

/** A refund's fields: how (one of `methods`), how much (optional: the most allowed), the transaction id (required but for bKash's API and cash), a note. */
const refundFields = <M extends readonly [string, ...string[]]>(methods: M) =>
  z
    .object({
      method: z.enum(methods, { error: 'Choose how the money goes back.' }),
      amount: z.coerce.number({ error: 'The amount must be whole taka.' }).int('The amount must be whole taka.').min(1, 'The amount must be at least ৳1.').max(10_000_000, 'The amount is too large.').optional(),
      trx_id: z.string().trim().overwrite(normalizeDigitsInput).max(100, 'Transaction ID is too long').optional().transform((v) => v ?? ''),
      note: noteField('The note', 255),
    })
    .superRefine((v, ctx) => {
      if ((MANUAL_REFUND_METHODS as readonly string[]).includes(v.method) && v.method !== 'cash' && !v.trx_id) {
        ctx.addIssue({ code: 'custom', path: ['trx_id'], message: 'Enter the transaction ID of the money sent back.' });
      }
    });

/** A refund: through bKash (amount optional: what the return's lines were paid), or recorded by hand. */
export const refundRequestSchema = refundFields(REFUND_METHODS);
export type RefundRequestInput = z.input<typeof refundRequestSchema>;

/**
 * POST /refunds/{id}/record (decision 0081): the owner records a refund owed (an order paid by a typed wallet
 * transaction id and cancelled as cannot be supplied, or a bKash refund bKash refused) as sent by hand:
 * the method, the transaction id, the amount (left out: all that is owed; never more).
 */
export const refundRecordSchema = refundFields(MANUAL_REFUND_METHODS);
export type RefundRecordInput = z.input<typeof refundRecordSchema>;

/**
 * POST /refunds/{id}/void (decision 0081): the owner closes a refund owed for a typed transaction id under which no
 * money arrived (the shopper typed a wrong or made-up id), saying why; nothing is sent back.
 */
export const refundVoidSchema = z.object({
  note: z.string({ error: 'Say why nothing is owed.' }).trim().min(1, 'Say why nothing is owed.').max(255, 'The note is too long (at most 255 characters).'),
});
export type RefundVoidInput = z.input<typeof refundVoidSchema>;

/** A refund owed on an order, as the admin's order answers carry it: due by due_at, or failed at bKash and settled by hand. */
export const owedRefundSchema = z.object({
  _id: z.string(),
  method: z.enum(REFUND_METHODS),
  amount: z.number(),
  state: z.enum(['due', 'failed']),
  due_at: z.string(),
  reason: z.string(),
});
export type OwedRefund = z.infer<typeof owedRefundSchema>;

/** GET /returns: a page of returns, newest first; `cursor` is the last return of the page before. */
export const RETURNS_PAGE_SIZE = 50;

export const returnWindowSchema = z.object({
  days: z.coerce.number({ error: `The return window must be a whole number of days from 0 to ${MAX_RETURN_WINDOW_DAYS}.` }).int(`The return window must be a whole number of days from 0 to ${MAX_RETURN_WINDOW_DAYS}.`).min(0, `The return window must be a whole number of days from 0 to ${MAX_RETURN_WINDOW_DAYS}.`).max(MAX_RETURN_WINDOW_DAYS, `The return window must be a whole number of days from 0 to ${MAX_RETURN_WINDOW_DAYS}.`),
});
export const returnWindowReplySchema = envelope(z.object({ days: z.number() }));

export const refundViewSchema = z.object({
  _id: z.string(),
  return_id: z.string().nullable(),
  method: z.enum(REFUND_METHODS),
  amount: z.number(),
  state: z.enum(['due', 'done', 'failed', 'void']),
  reason: z.string(),
  trx_id: z.string(),
  by: z.string(),
  due_at: z.string(),
  done_at: z.string().nullable(),
  error: z.string(),
  createdAt: z.string(),
});
export type RefundView = z.infer<typeof refundViewSchema>;

/** An order line as returns name it: which line, its product and chosen options, how many. */
const returnLineSchema = z.object({
  item_id: z.string(),
  product_id: z.string().nullable(),
  name: z.string(),
  name_bn: z.string(),
  options: z.array(chosenOptionSchema),
  quantity: z.number(),
});

export const returnItemViewSchema = returnLineSchema.extend({
  wanted_variant_id: z.string().nullable(),
  /** The wanted variant's options, for an exchange; [] else. */
  wanted_options: z.array(chosenOptionSchema),
});

export const returnViewSchema = z.object({
  _id: z.string(),
  order_id: z.string(),
  /** The order's number (HT-…). */
  order_number: z.string(),
  kind: z.enum(RETURN_KINDS),
  source: z.enum(['shopper', 'courier']),
  state: z.enum(RETURN_STATES),
  reason: z.enum(RETURN_RECORD_REASONS),
  note: z.string(),
  photos: z.array(z.string()),
  decision_note: z.string(),
  pickup: z.enum(PICKUPS).nullable(),
  items: z.array(returnItemViewSchema),
  /** The most still refundable for these items (their paid price, promotions taken off, less what was refunded for this return). */
  refundable: z.number(),
  refunds: z.array(refundViewSchema),
  replacement_order: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
});
export type ReturnView = z.infer<typeof returnViewSchema>;
export const returnReplySchema = envelope(returnViewSchema);
export const returnListReplySchema = envelope(z.array(returnViewSchema));

/** What a shopper may still send back of an order: each line, how many, and until when. */
export const returnableSchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  status: z.string(),
  /** When the window closes; null when the order is not delivered. */
  window_ends: z.string().nullable(),
  open: z.boolean(),
  items: z.array(
    returnLineSchema.extend({
      returnable: z.number(),
      /** The product's other variants a shopper may exchange for (published), with their options. */
      variants: z.array(z.object({ _id: z.string(), options: z.array(chosenOptionSchema), price: z.number(), in_stock: z.boolean() })),
    }),
  ),
  returns: z.array(returnViewSchema),
});
export type Returnable = z.infer<typeof returnableSchema>;
export const returnableReplySchema = envelope(returnableSchema);

export const returnListQuerySchema = z.object({
  state: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(RETURN_STATES, { error: `State must be one of ${RETURN_STATES.join(', ')}.` }).optional()),
  /** The last return of the page before (its id); left out: the first page. */
  cursor: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^[0-9a-z]{1,32}$/, 'The page cursor is not a return id.').optional()),
});
/** GET /returns: a page (at most RETURNS_PAGE_SIZE), and the cursor of the next page (null: this is the last). */
export const returnPageReplySchema = envelope(z.array(returnViewSchema)).extend({ next_cursor: z.string().nullable() });
