/**
 * Returns, exchanges and refunds (issue 27, decision 0075): the rules web and
 * server share. Money is whole taka.
 */
import type { PaymentGateway } from './constants';
import { pricePromotions, type EngineLine, type EnginePromotion } from './promotions';

/** Why a shopper sends something back (the fixed list; free text rides beside it). 'courier' is a courier's return. */
export const RETURN_REASONS = ['wrong_size', 'damaged', 'not_as_described', 'wrong_item', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
/** Reasons a return record may carry: the shopper's, or a courier's partial delivery or return. */
export const RETURN_RECORD_REASONS = [...RETURN_REASONS, 'courier_partial', 'courier_returned'] as const;

export const RETURN_KINDS = ['return', 'exchange'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/** A return's own state: asked → approved (pick-up arranged) → received (stock back), or rejected. */
export const RETURN_STATES = ['requested', 'approved', 'rejected', 'received'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** Who picks the parcel up: the courier through its API, or the shop by hand (no courier we use offers it: decision 0075). */
export const PICKUPS = ['courier', 'manual'] as const;
export type Pickup = (typeof PICKUPS)[number];

/** How money goes back: bKash or SSLCommerz through its refund API, or by hand (cash, a wallet sent to from the shop's phone, a bank transfer). */
export const REFUND_METHODS = ['bkash', 'cash', 'bkash_manual', 'rocket', 'nagad', 'bank', 'sslcommerz'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const MANUAL_REFUND_METHODS = ['cash', 'bkash_manual', 'rocket', 'nagad', 'bank'] as const satisfies readonly RefundMethod[];
export type ManualRefundMethod = (typeof MANUAL_REFUND_METHODS)[number];

/**
 * The hand refund owed for an order paid by a typed wallet transaction id (decision 0081): back the same
 * way it came (the guidelines' "same channel"), which the owner may change when recording it.
 */
export const WALLET_REFUND_METHOD: Record<string, ManualRefundMethod> = { bkash: 'bkash_manual', nagad: 'nagad', rocket: 'rocket' };

/**
 * How a gateway payment goes back (orders.gateway, decision 0127): through bKash's or SSLCommerz's refund API;
 * Nagad's gateway has no documented refund API (decision 0128), so its refund is sent from the shop's Nagad by hand.
 */
export const GATEWAY_REFUND_METHOD: Record<PaymentGateway, RefundMethod> = { bkash: 'bkash', sslcommerz: 'sslcommerz', nagad: 'nagad' };

export const MAX_RETURN_PHOTOS = 3;
export const MAX_RETURN_WINDOW_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a return may be asked for: `days` whole days after delivery (the edge itself still counts). */
export function returnWindowEnd(deliveredAt: Date, days: number): Date {
  return new Date(deliveredAt.getTime() + days * DAY_MS);
}

export function withinReturnWindow(deliveredAt: Date | null, days: number, now: Date): boolean {
  return deliveredAt !== null && now.getTime() <= returnWindowEnd(deliveredAt, days).getTime();
}

/** An order line as refunds read it: the unit price after the product's discount, how many, its share of the order's promotions. */
export interface RefundLine {
  unitPrice: number;
  quantity: number;
  promotionDiscount: number;
}

/** What was paid for the whole line: its price less its share of the order's promotions. */
export function linePaid(line: RefundLine): number {
  return Math.max(0, line.unitPrice * line.quantity - line.promotionDiscount);
}

/**
 * What was paid for the first `units` of a line, in whole taka, rounded down:
 * the line's paid amount spread evenly over its units. All of them is exactly
 * the line's paid amount, so returns of a line, one after another, never add up
 * to more than was paid for it.
 */
function paidForUnits(line: RefundLine, units: number): number {
  if (line.quantity <= 0) return 0;
  const n = Math.min(Math.max(units, 0), line.quantity);
  return Math.floor((linePaid(line) * n) / line.quantity);
}

/**
 * The most that may be refunded for `quantity` more units of a line of which
 * `before` were refunded already: the line's price with its share of the
 * order's discount taken off (decision 0075). Returns now refund by
 * returnRefund (below), which re-prices what is kept (issue 41).
 */
export function lineRefund(line: RefundLine, before: number, quantity: number): number {
  return paidForUnits(line, before + quantity) - paidForUnits(line, before);
}

/** An order line as a return re-prices it (issue 41): the engine's line with the units ordered and what was paid for it. */
export interface RepricedLine extends EngineLine {
  /** The line's share of the order's promotions when it was placed. */
  promotion_discount: number;
}

/** What the order's goods were paid: each line's price less its share of the promotions. */
export function goodsPaid(lines: readonly RepricedLine[]): number {
  return lines.reduce((s, l) => s + linePaid({ unitPrice: l.unit_price, quantity: l.quantity, promotionDiscount: l.promotion_discount }), 0);
}

const NEVER = 8.64e15;

/**
 * What the shopper pays for `kept` units of each line with the order's
 * promotions as they applied (issue 41): the order's own engine run on the
 * kept units with only the promotions the order carried, whatever the clock,
 * their state or their limits now — so a conditional one (buy X get Y, a
 * minimum subtotal, a scope) holds only if the kept goods still meet it. Goods
 * only: the delivery happened, a waived fee is not charged back.
 */
export function keptPrice(lines: readonly RepricedLine[], kept: readonly number[], promotions: readonly EnginePromotion[], code: string | null): number {
  if (lines.every((l, i) => kept[i] === l.quantity)) return goodsPaid(lines);
  const applying = promotions.map((p) => ({ ...p, active: true, starts_at: new Date(-NEVER), ends_at: new Date(NEVER), usage_limit: null, per_customer_limit: null, used: 0, customer_uses: 0 }));
  const keptLines = lines.map((l, i) => ({ ...l, quantity: Math.max(0, Math.min(l.quantity, kept[i] ?? 0)) })).filter((l) => l.quantity > 0);
  const priced = pricePromotions({ lines: keptLines, promotions: applying, code: code ?? undefined, now: new Date(0), delivery_fee: 0 });
  // Never more than was paid for them: re-pricing cannot charge the shopper for keeping what they bought.
  return Math.min(priced.subtotal - priced.discount, goodsPaid(lines));
}

/**
 * What a return refunds (issue 41, the one refund rule): the price of what the
 * shopper kept before it less the price of what they keep after it, both
 * re-priced by keptPrice (before any return: what was paid). Returns one after
 * another add up to what was paid less the price of what is finally kept.
 */
export function returnRefund(lines: readonly RepricedLine[], returnedBefore: readonly number[], returning: readonly number[], promotions: readonly EnginePromotion[], code: string | null): number {
  const before = lines.map((l, i) => l.quantity - (returnedBefore[i] ?? 0));
  const after = before.map((k, i) => k - (returning[i] ?? 0));
  return Math.max(0, keptPrice(lines, before, promotions, code) - keptPrice(lines, after, promotions, code));
}
