/**
 * Returns, exchanges and refunds (issue 27, decision 0075): the rules web and
 * server share. Money is whole taka.
 */

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

/** How money goes back: bKash through its refund API, or by hand (cash, a wallet sent to from the shop's phone, a bank transfer). */
export const REFUND_METHODS = ['bkash', 'cash', 'bkash_manual', 'rocket', 'nagad', 'bank'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const MANUAL_REFUND_METHODS = ['cash', 'bkash_manual', 'rocket', 'nagad', 'bank'] as const satisfies readonly RefundMethod[];
export type ManualRefundMethod = (typeof MANUAL_REFUND_METHODS)[number];

/**
 * The hand refund owed for an order paid by a typed wallet transaction id (decision 0081): back the same
 * way it came (the guidelines' "same channel"), which the owner may change when recording it.
 */
export const WALLET_REFUND_METHOD: Record<string, ManualRefundMethod> = { bkash: 'bkash_manual', nagad: 'nagad', rocket: 'rocket' };

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
 * order's discount taken off (decision 0075). The one refund rule.
 */
export function lineRefund(line: RefundLine, before: number, quantity: number): number {
  return paidForUnits(line, before + quantity) - paidForUnits(line, before);
}
