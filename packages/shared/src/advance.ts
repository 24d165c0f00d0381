import { z } from 'zod';
import { deliveryRisk, type DeliveryRecord } from './delivery-record';
import { envelope } from './schemas/reply';

/**
 * The partial advance (issue 44, decision 0114): what a cash-on-delivery buyer pays through bKash before the order
 * is confirmed, and what is left for the rider to collect. Web and server compute it here; the server never takes
 * an amount from the client.
 */

/** What is asked: nothing, the delivery charge, a percentage of the total, or a fixed amount in taka. */
export const ADVANCE_KINDS = ['none', 'delivery', 'percent', 'fixed'] as const;
export type AdvanceKind = (typeof ADVANCE_KINDS)[number];
/** Of whom: everyone, first-time buyers (no order delivered to the mobile yet), risky buyers (the COD risk check says Caution or High risk), orders above a total. */
export const ADVANCE_WHO = ['everyone', 'first-time', 'risky', 'above'] as const;
export type AdvanceWho = (typeof ADVANCE_WHO)[number];

export interface AdvanceRule {
  kind: AdvanceKind;
  /** A percentage (1–100) for 'percent', taka for 'fixed'; 0 otherwise. */
  value: number;
  who: AdvanceWho;
  /** With who 'above': asked when the total is above this many taka. */
  above: number | null;
}

/** Until the owner saves: no advance (the shop works as before). */
export const DEFAULT_ADVANCE_RULE: AdvanceRule = { kind: 'none', value: 0, who: 'everyone', above: null };

/** The Digital Commerce guidelines: an order for goods not ready to ship may take at most 10 % in advance unless paid in full through a gateway. */
export const PREORDER_ADVANCE_PERCENT = 10;
export const MAX_ADVANCE_FIXED = 1_000_000;

export const ADVANCE_MESSAGES = {
  kind: 'kind must be none, delivery, percent or fixed.',
  who: 'who must be everyone, first-time, risky or above.',
  percent: 'A percentage must be a whole number from 1 to 100.',
  fixed: `A fixed advance must be a whole number of taka from 1 to ${MAX_ADVANCE_FIXED}.`,
  above: `above must be a whole number of taka from 0 to ${MAX_ADVANCE_FIXED}.`,
} as const;

const whole = (message: string, min: number, max: number) => z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** PUT /cod/advance: the value is checked by kind, the total by who; what does not apply is stored as 0 / null. */
export const advanceRuleSchema = z
  .object({
    kind: z.enum(ADVANCE_KINDS, { error: ADVANCE_MESSAGES.kind }),
    value: z.preprocess((v) => (v === '' || v === undefined || v === null ? 0 : v), z.coerce.number({ error: ADVANCE_MESSAGES.fixed })),
    who: z.enum(ADVANCE_WHO, { error: ADVANCE_MESSAGES.who }),
    above: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.coerce.number({ error: ADVANCE_MESSAGES.above }).nullable()),
  })
  .superRefine((r, ctx) => {
    const check = (path: 'value' | 'above', schema: z.ZodType, v: unknown) => {
      const parsed = schema.safeParse(v);
      if (!parsed.success) ctx.addIssue({ code: 'custom', path: [path], message: parsed.error.issues[0]!.message });
    };
    if (r.kind === 'percent') check('value', whole(ADVANCE_MESSAGES.percent, 1, 100), r.value);
    if (r.kind === 'fixed') check('value', whole(ADVANCE_MESSAGES.fixed, 1, MAX_ADVANCE_FIXED), r.value);
    if (r.who === 'above') check('above', whole(ADVANCE_MESSAGES.above, 0, MAX_ADVANCE_FIXED), r.above ?? Number.NaN);
  })
  .transform((r): AdvanceRule => ({
    kind: r.kind,
    value: r.kind === 'percent' || r.kind === 'fixed' ? r.value : 0,
    who: r.who,
    above: r.who === 'above' ? r.above : null,
  }));
export const advanceRuleViewSchema = z.object({ kind: z.enum(ADVANCE_KINDS), value: z.number(), who: z.enum(ADVANCE_WHO), above: z.number().nullable() });
export const advanceRuleReplySchema = envelope(advanceRuleViewSchema);

/** What the server knows of one COD order when it decides its advance. */
export interface AdvanceFacts {
  /** The order's grand total (promotions applied) and its delivery fee, in taka. */
  total: number;
  deliveryFee: number;
  /** No order of the shop has been delivered to the buyer's mobile. */
  firstTime: boolean;
  /** The COD risk check's record of the mobile (null when not looked up). */
  record: DeliveryRecord | null;
  /** A line is not ready to ship (a pre-order). */
  preorder: boolean;
}

/** Whether the rule asks this order for an advance, and as which part of it. */
export function advanceApplies(rule: AdvanceRule, facts: Pick<AdvanceFacts, 'total' | 'firstTime' | 'record'>): boolean {
  if (rule.kind === 'none') return false;
  switch (rule.who) {
    case 'everyone':
      return true;
    case 'first-time':
      return facts.firstTime;
    case 'risky': {
      const risk = facts.record ? deliveryRisk(facts.record) : 'none';
      return risk === 'watch' || risk === 'risky';
    }
    case 'above':
      return rule.above !== null && facts.total > rule.above;
  }
}

/**
 * The advance a COD order pays through bKash before it is confirmed, in whole taka (0 = none): the delivery charge,
 * ⌈total × percent / 100⌉, or the fixed amount, never more than the total. An order with a pre-order line takes at
 * most ⌊10 % of the total⌋ (the guidelines), since the rest is not paid through a gateway.
 */
export function advanceAmount(rule: AdvanceRule, facts: AdvanceFacts): number {
  if (!advanceApplies(rule, facts) || facts.total <= 0) return 0;
  const asked = rule.kind === 'delivery' ? facts.deliveryFee : rule.kind === 'percent' ? Math.ceil((facts.total * rule.value) / 100) : rule.value;
  const cap = facts.preorder ? Math.floor((facts.total * PREORDER_ADVANCE_PERCENT) / 100) : facts.total;
  return Math.max(0, Math.min(asked, cap));
}

/** The amount due on delivery is pricing's (no zod on the storefront's first load): re-exported here. */
export { advancePaid, amountDueOnDelivery, type DueFacts } from './pricing';
