import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../constants';
import { asciiDigitsOf, normalizePhoneInput } from '../phone';
import { PROMO_CODE_LENGTH, PROMO_CODE_PATTERN, normalizePromoCode } from '../promo-code';
import { DASHBOARD_DAYS } from './dashboard';
import { idField, TEXT_LIMITS } from './limits';
import { envelope } from './reply';

/**
 * Promotions (issue 22, decision 0059): what the owner creates under
 * /api/promotion, the offers the shop shows, and the quote the cart and
 * checkout read. The server prices every order through the same engine
 * (packages/shared/src/promotions.ts); figures a client sends are ignored.
 */

export const PROMOTION_KINDS = ['percent', 'fixed', 'free_delivery', 'bxgy'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export const PROMOTION_SCOPES = ['order', 'categories', 'sub_categories', 'products'] as const;
export type PromotionScopeKind = (typeof PROMOTION_SCOPES)[number];

// The voucher code's rules are in ../promo-code (no zod): the cart's voucher field uses them
// without bringing zod to the cart's first load (issue 25).
export const PROMO_MAX_SCOPE_IDS = 200;
export const PROMO_MAX_TAKA = 10_000_000;

const codeMessage = `The code must be ${PROMO_CODE_LENGTH.min} to ${PROMO_CODE_LENGTH.max} letters, digits, - or _.`;
const codeField = z
  .string()
  .overwrite(normalizePromoCode)
  .min(PROMO_CODE_LENGTH.min, codeMessage)
  .max(PROMO_CODE_LENGTH.max, codeMessage)
  .regex(PROMO_CODE_PATTERN, codeMessage);

const taka = (label: string) => {
  const message = `${label} must be a whole number of taka from 0 to ${PROMO_MAX_TAKA}.`;
  return z.preprocess(asciiDigitsOf, z.coerce.number({ error: message }).int(message).min(0, message).max(PROMO_MAX_TAKA, message));
};
const count = (label: string, min: number) => {
  const message = `${label} must be a whole number of at least ${min}.`;
  return z.preprocess(asciiDigitsOf, z.coerce.number({ error: message }).int(message).min(min, message).max(1_000_000, message));
};
/** '' and null mean "no limit". */
const limit = (label: string) => z.preprocess((v) => (v === '' || v === undefined ? null : v), count(label, 1).nullable());
const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601 with its offset, e.g. 2026-03-30T00:00:00+06:00).` });

export const promotionScopeSchema = z.object({
  kind: z.enum(PROMOTION_SCOPES, { error: `scope.kind must be one of ${PROMOTION_SCOPES.join(', ')}.` }),
  ids: z.array(idField('Each id in the scope must be an id.')).max(PROMO_MAX_SCOPE_IDS, `At most ${PROMO_MAX_SCOPE_IDS} ids in a scope.`).default([]),
});
export type PromotionScope = z.infer<typeof promotionScopeSchema>;

/**
 * POST /api/promotion and PUT /api/promotion/{id}: the whole promotion. The
 * rules a schema can see are here (each a 400 naming its field); an unknown id
 * in the scope or a code already taken is refused by the server (its own codes).
 */
export const promotionInputSchema = z
  .object({
    name: z.string({ error: 'Give the promotion a name.' }).trim().min(1, 'Give the promotion a name.').max(TEXT_LIMITS.productName, 'The name is too long.'),
    name_bn: z.string().trim().max(TEXT_LIMITS.productName, 'The Bangla name is too long.').nullish().transform((v) => v ?? ''),
    /** null, missing or '' for an automatic promotion (no code to type). */
    code: z.preprocess((v) => (typeof v === 'string' && normalizePromoCode(v) === '' ? null : v), codeField.nullish().transform((v) => v ?? null)),
    kind: z.enum(PROMOTION_KINDS, { error: `kind must be one of ${PROMOTION_KINDS.join(', ')}.` }),
    /** percent: 1–100; fixed: taka; bxgy: percent off the "get" units (100 = free); free_delivery: 0. */
    value: taka('value').default(0),
    buy_qty: count('buy_qty', 0).default(0),
    get_qty: count('get_qty', 0).default(0),
    scope: promotionScopeSchema.default({ kind: 'order', ids: [] }),
    min_subtotal: taka('min_subtotal').default(0),
    starts_at: instant('starts_at'),
    ends_at: instant('ends_at'),
    usage_limit: limit('usage_limit').default(null),
    per_customer_limit: limit('per_customer_limit').default(null),
    combines: z.boolean({ error: 'combines must be true or false.' }).default(false),
    active: z.boolean({ error: 'active must be true or false.' }).default(true),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (Date.parse(v.ends_at) <= Date.parse(v.starts_at)) issue('ends_at', 'ends_at must be after starts_at.');
    if (v.kind === 'percent' && (v.value < 1 || v.value > 100)) issue('value', 'A percent off must be from 1 to 100.');
    if (v.kind === 'bxgy' && (v.value < 1 || v.value > 100)) issue('value', 'A buy X get Y takes 1 to 100 percent off the "get" units (100 = free).');
    if (v.kind === 'fixed' && v.value < 1) issue('value', 'A fixed amount off must be at least 1 taka.');
    if (v.kind === 'fixed' && v.value > v.min_subtotal) issue('value', 'A fixed amount off cannot be more than the minimum subtotal.');
    if (v.kind === 'free_delivery' && v.value !== 0) issue('value', 'A free delivery promotion has value 0.');
    if (v.kind === 'bxgy' && v.buy_qty < 1) issue('buy_qty', 'buy_qty must be at least 1.');
    if (v.kind === 'bxgy' && v.get_qty < 1) issue('get_qty', 'get_qty must be at least 1.');
    if (v.kind !== 'bxgy' && (v.buy_qty !== 0 || v.get_qty !== 0)) issue('buy_qty', 'buy_qty and get_qty are for buy X get Y only.');
    if (v.scope.kind === 'order' && v.scope.ids.length > 0) issue('scope', 'A whole-order scope lists no ids.');
    if (v.scope.kind !== 'order' && v.scope.ids.length === 0) issue('scope', 'List at least one id in the scope.');
    if (v.kind === 'free_delivery' && v.scope.kind !== 'order') issue('scope', 'Free delivery applies to the whole order.');
  });
export type PromotionInput = z.input<typeof promotionInputSchema>;
export type ParsedPromotionInput = z.output<typeof promotionInputSchema>;

/** PUT /api/promotion/{id}/active: pause (false) or resume (true). */
export const promotionActiveSchema = z.object({ active: z.boolean({ error: 'active must be true or false.' }) });

/** GET /api/promotion?days=30: the stats' period, as the dashboard's. */
export const promotionListQuerySchema = z.object({
  days: z.preprocess(
    (v) => (v === undefined || v === '' ? DASHBOARD_DAYS.default : v),
    z.coerce.number({ error: 'days must be a whole number from 1 to 365.' }).int('days must be a whole number from 1 to 365.').min(DASHBOARD_DAYS.min, 'days must be a whole number from 1 to 365.').max(DASHBOARD_DAYS.max, 'days must be a whole number from 1 to 365.'),
  ),
});

/** A promotion as the admin sees it. Times are ISO strings (UTC); the admin UI shows and enters them in Dhaka time. */
export const promotionViewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  name_bn: z.string(),
  code: z.string().nullable(),
  kind: z.enum(PROMOTION_KINDS),
  value: z.number(),
  buy_qty: z.number(),
  get_qty: z.number(),
  scope: z.object({ kind: z.enum(PROMOTION_SCOPES), ids: z.array(z.string()) }),
  min_subtotal: z.number(),
  starts_at: z.string(),
  ends_at: z.string(),
  usage_limit: z.number().nullable(),
  per_customer_limit: z.number().nullable(),
  combines: z.boolean(),
  active: z.boolean(),
  /** Uses counted now (orders that carry it and were not cancelled, returned or left unpaid). */
  used: z.number(),
  createdAt: z.string(),
});
export type PromotionView = z.infer<typeof promotionViewSchema>;

/** Per promotion over the period asked: its orders, the taka it gave away and the sales (order totals) it carried. */
export const promotionStatsSchema = z.object({ orders: z.number(), discount_taka: z.number(), sales_taka: z.number() });
export type PromotionStats = z.infer<typeof promotionStatsSchema>;
export const promotionWithStatsSchema = promotionViewSchema.extend({ stats: promotionStatsSchema });
export type PromotionWithStats = z.infer<typeof promotionWithStatsSchema>;

export const promotionReplySchema = envelope(promotionViewSchema);
export const promotionListReplySchema = envelope(z.array(promotionWithStatsSchema));

/** GET /api/promotion/offers: the automatic promotions running now, for badges and the free-delivery progress. */
export const promotionOfferSchema = z.object({
  _id: z.string(),
  name: z.string(),
  name_bn: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  value: z.number(),
  buy_qty: z.number(),
  get_qty: z.number(),
  scope: z.object({ kind: z.enum(PROMOTION_SCOPES), ids: z.array(z.string()) }),
  /** For free delivery: the threshold. */
  min_subtotal: z.number(),
  ends_at: z.string(),
});
export type PromotionOffer = z.infer<typeof promotionOfferSchema>;
export const promotionOffersReplySchema = envelope(z.array(promotionOfferSchema));

/** A voucher field as typed: '' or missing is no code. */
export const voucherCodeField = z
  .string()
  .max(100, 'The voucher code is too long.')
  .nullish()
  .transform((v) => (v ? normalizePromoCode(v) : '') || undefined);

/** POST /api/promotion/quote: what the cart or checkout holds. */
export const promotionQuoteSchema = z.object({
  list_items: z
    .array(
      z.object({
        product_id: idField('Each item needs a product.'),
        /** The chosen variant (issue 21): the line is priced at its price. */
        variant_id: z.string().trim().max(TEXT_LIMITS.id, 'Choose a variant.').optional(),
        quantity: z.preprocess(asciiDigitsOf, z.coerce.number({ error: 'Quantity must be a whole number.' }).int('Quantity must be a whole number.').min(1, 'Quantity must be at least 1.').max(MAX_LINE_QUANTITY, 'Quantity is too large.')),
      }),
    )
    .max(100, 'Too many items in one order.'),
  code: voucherCodeField,
  /**
   * The shopper's phone, for a per-customer limit: counted only when the browser's device cookie proves it
   * holds the number (issue 41, decision 0095); a signed-in shopper is also counted by account.
   */
  mobile: z.string().trim().max(20).overwrite(normalizePhoneInput).nullish().transform((v) => v || undefined),
  /** The delivery fee the checkout shows for the chosen address; missing: the shop's inside-Dhaka fee. */
  delivery_fee: z.preprocess(asciiDigitsOf, z.coerce.number().int().min(0).max(PROMO_MAX_TAKA).optional()),
});
export type PromotionQuoteInput = z.input<typeof promotionQuoteSchema>;

/** One promotion applied, as the quote and the order carry it. `saving` is whole taka (for free_delivery, the fee waived). */
export const appliedPromotionSchema = z.object({
  promotion_id: z.string(),
  name: z.string(),
  name_bn: z.string(),
  code: z.string().nullable(),
  kind: z.enum(PROMOTION_KINDS),
  saving: z.number(),
});
export type AppliedPromotion = z.infer<typeof appliedPromotionSchema>;

/** Why a typed code does not apply: an error code of the shared catalogue, its params and the English text. */
export const codeErrorSchema = z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])), message: z.string() });

export const promotionQuoteViewSchema = z.object({
  /** Items at the shop's prices (product discounts included), before promotions. */
  subtotal: z.number(),
  lines: z.array(appliedPromotionSchema),
  /** Promotions' savings on the items (free delivery not included). */
  discount: z.number(),
  /** The fee charged, after any free-delivery promotion. */
  delivery_fee: z.number(),
  /** The fee a free-delivery promotion waived (0 when none). */
  delivery_saving: z.number(),
  /** subtotal − discount + delivery_fee. */
  total: z.number(),
  /** Taka still to add for the nearest automatic free delivery; null when none is in reach or delivery is already free. */
  free_delivery_remaining: z.number().nullable(),
  code_error: codeErrorSchema.nullable(),
});
export type PromotionQuote = z.infer<typeof promotionQuoteViewSchema>;
export const promotionQuoteReplySchema = envelope(promotionQuoteViewSchema);

/** A promotion as an order keeps it (a snapshot: later edits of the promotion do not change it). */
export const orderPromotionSchema = appliedPromotionSchema.omit({ promotion_id: true });
export type OrderPromotion = z.infer<typeof orderPromotionSchema>;
