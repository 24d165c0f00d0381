import { z } from 'zod';
import { deliveryRisk, type DeliveryRecord } from '../delivery-record';
import { normalizePhone, normalizePhoneInput } from '../phone';
import { emptyReplySchema, envelope, listEnvelope } from './reply';
import { TEXT_LIMITS } from './limits';
import { manualOrderSchema } from './order';
import { typedAddressSchema } from './address';
import { chosenOptionSchema } from './variants';

/** The longest reason a block may give. */
export const MAX_BLOCK_REASON = 300;

/**
 * Fewer fake cash-on-delivery orders (issue 26, decision 0062): when a guest's
 * COD order needs its mobile confirmed by an SMS code, the mobiles blocked
 * from COD, and the checkouts left after the mobile was typed.
 */

/** 'always', 'never', or 'rules': by the COD risk check and/or the order's total. */
export const COD_CONFIRM_MODES = ['always', 'never', 'rules'] as const;
export type CodConfirmMode = (typeof COD_CONFIRM_MODES)[number];
/** In 'rules': ask from this risk level up ('caution' = Caution or High Risk, 'high' = High Risk), or not by risk ('off'). */
export const COD_CONFIRM_RISKS = ['off', 'caution', 'high'] as const;
export type CodConfirmRisk = (typeof COD_CONFIRM_RISKS)[number];

/** The highest total the owner may name, in taka. */
export const MAX_COD_CONFIRM_ABOVE = 10_000_000;

export interface CodPolicy {
  mode: CodConfirmMode;
  risk: CodConfirmRisk;
  /** In 'rules': ask when the order's total is above this many taka; null: not by total. */
  above: number | null;
}

/** Until the owner saves: High Risk, or a total above ৳5,000 (issue 26). */
export const DEFAULT_COD_POLICY: CodPolicy = { mode: 'rules', risk: 'high', above: 5000 };

/** Whether the rules ask for the risk check at all (it may call the courier, so it is asked only then). */
export function policyUsesRisk(policy: CodPolicy): boolean {
  return policy.mode === 'rules' && policy.risk !== 'off';
}

/**
 * Whether a guest's COD order of `total` taka, from a buyer with this delivery
 * record (null when not looked up), needs the mobile confirmed by code.
 */
export function codConfirmNeeded(policy: CodPolicy, order: { total: number; record: DeliveryRecord | null }): boolean {
  if (policy.mode === 'always') return true;
  if (policy.mode === 'never') return false;
  if (policy.above !== null && order.total > policy.above) return true;
  if (policy.risk === 'off' || !order.record) return false;
  const risk = deliveryRisk(order.record);
  return risk === 'risky' || (policy.risk === 'caution' && risk === 'watch');
}

export const COD_MESSAGES = {
  mode: 'mode must be always, never or rules.',
  risk: 'risk must be off, caution or high.',
  above: `above must be a whole number of taka from 0 to ${MAX_COD_CONFIRM_ABOVE}, or empty.`,
  reason: 'Give a reason for the block.',
  reasonLong: `The reason is too long (at most ${MAX_BLOCK_REASON} characters).`,
  mobile: 'Valid mobile number required',
  lines: 'list_items must be a list of at most 100 products.',
} as const;

/** PUT /cod/settings. */
export const codSettingsSchema = z.object({
  mode: z.enum(COD_CONFIRM_MODES, { error: COD_MESSAGES.mode }),
  risk: z.enum(COD_CONFIRM_RISKS, { error: COD_MESSAGES.risk }),
  above: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce.number({ error: COD_MESSAGES.above }).int(COD_MESSAGES.above).min(0, COD_MESSAGES.above).max(MAX_COD_CONFIRM_ABOVE, COD_MESSAGES.above).nullable(),
  ),
});
export const codSettingsViewSchema = z.object({ mode: z.enum(COD_CONFIRM_MODES), risk: z.enum(COD_CONFIRM_RISKS), above: z.number().nullable() });
export const codSettingsReplySchema = envelope(codSettingsViewSchema);

/** A mobile in any spelling (+880, 880, Bengali digits), checked as a Bangladeshi mobile. */
const mobileField = z
  .string({ error: COD_MESSAGES.mobile })
  .trim()
  .max(40, COD_MESSAGES.mobile)
  .overwrite(normalizePhoneInput)
  .refine((v) => normalizePhone(v) === v, COD_MESSAGES.mobile);

/** POST /cod/blocks. */
export const codBlockSchema = z.object({
  mobile: mobileField,
  reason: z.string({ error: COD_MESSAGES.reason }).trim().min(1, COD_MESSAGES.reason).max(MAX_BLOCK_REASON, COD_MESSAGES.reasonLong),
});
export type CodBlockInput = z.infer<typeof codBlockSchema>;
export const codBlockViewSchema = z.object({ mobile: z.string(), reason: z.string(), createdAt: z.string() });
export type CodBlockView = z.infer<typeof codBlockViewSchema>;
export const codBlockListReplySchema = envelope(z.array(codBlockViewSchema));
export const codBlockReplySchema = envelope(codBlockViewSchema);
export const codBlockParamsSchema = z.object({ mobile: mobileField });
export { emptyReplySchema as codDoneReplySchema };

/** POST /order/incomplete: what the checkout sends once the mobile is typed. */
export const incompleteCheckoutSchema = z.object({
  mobile: mobileField,
  list_items: z
    .array(
      z.object({
        product_id: z.string({ error: COD_MESSAGES.lines }).trim().min(1, COD_MESSAGES.lines).max(TEXT_LIMITS.id, COD_MESSAGES.lines),
        /** The chosen variant (issue 21), kept so the owner's phone order from it is the same size and colour. */
        variant_id: z.string().trim().max(TEXT_LIMITS.id, COD_MESSAGES.lines).optional(),
        quantity: z.coerce.number({ error: COD_MESSAGES.lines }).int(COD_MESSAGES.lines).min(1, COD_MESSAGES.lines).max(1000, COD_MESSAGES.lines),
      }),
      { error: COD_MESSAGES.lines },
    )
    .min(1, COD_MESSAGES.lines)
    .max(100, COD_MESSAGES.lines),
  lang: z.enum(['en', 'bn']).optional(),
  /** The checkout's random id for this browser (decision 0092): the entry is the mobile's and this browser's. */
  browser_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'browser_id must be 16 to 64 letters, digits, - or _.')
    .optional(),
  /**
   * The recipient's name and address as typed so far (issue 42), so the owner's phone order opens with them; a
   * field left out keeps what the entry had. Kept only for a report that names its browser: the entry of a client
   * naming none is anyone's to write, so it keeps the mobile and cart alone.
   */
  ...typedAddressSchema.shape,
});
export type IncompleteCheckoutInput = z.infer<typeof incompleteCheckoutSchema>;

export const incompleteCheckoutViewSchema = z.object({
  _id: z.string(),
  mobile: z.string(),
  /** The recipient's name and address as the shopper typed them (issue 42); '' for what was not typed. */
  name: z.string(),
  address_line: z.string(),
  city: z.string(),
  /** The mobile is blocked from cash on delivery (the COD protection's blocks), with the owner's reason; null when not. */
  cod_block: z.object({ reason: z.string() }).nullable(),
  lang: z.enum(['en', 'bn']),
  /** The cart as it was, with the products' names and today's prices (a product since deleted is left out). */
  lines: z.array(
    z.object({
      product_id: z.string(),
      name: z.string(),
      name_bn: z.string(),
      unit_price: z.number(),
      quantity: z.number(),
      /** The chosen variant (issue 21) and its options ("Size: L, Colour: Red"); '' and [] for a product without options. */
      variant_id: z.string(),
      options: z.array(chosenOptionSchema),
    }),
  ),
  /** The cart's value at today's prices, in taka. */
  subtotal: z.number(),
  updatedAt: z.string(),
});
export type IncompleteCheckoutView = z.infer<typeof incompleteCheckoutViewSchema>;
/** GET /order/incomplete: a page of the owner's list, newest first (issue 41: a flood no longer hides the rest). */
export const INCOMPLETE_CHECKOUT_PAGE_SIZE = 20;
export const incompleteCheckoutListQuerySchema = z.object({
  page: z.coerce.number({ error: 'Page must be a number.' }).int('Page must be a whole number.').min(1, 'Page must be at least 1.').max(100_000, 'Page must be at most 100000.').default(1),
});
export const incompleteCheckoutListReplySchema = listEnvelope(incompleteCheckoutViewSchema).extend({
  pagination: z.object({ page: z.number(), pageSize: z.number(), totalPages: z.number(), totalCount: z.number() }),
});

/** How long an incomplete checkout is kept (issue 26): the checkout says so. */
export const INCOMPLETE_CHECKOUT_DAYS = 30;

/** POST /order/cod-confirm/send: the code for a COD order's mobile. */
export const codConfirmSendSchema = z.object({ mobile: mobileField });
export const codConfirmSentReplySchema = envelope(z.object({ resend_after_seconds: z.number() }));

/**
 * POST /order/incomplete/{id}/place: the owner turns an incomplete checkout into a phone order in one step. The
 * mobile and the lines are the entry's; the buyer's name and address (the form opens with what the shopper typed)
 * and the payment are confirmed on the phone.
 */
export const incompleteOrderPlaceSchema = manualOrderSchema.omit({ list_items: true, voucher_code: true }).extend({
  customer: manualOrderSchema.shape.customer.omit({ mobile: true }),
});
export type IncompleteOrderPlaceInput = z.input<typeof incompleteOrderPlaceSchema>;
export type IncompleteOrderPlace = z.output<typeof incompleteOrderPlaceSchema>;
