import { DEFAULT_DELIVERY } from './constants';

/**
 * Price after discount, in whole taka: price − ⌈price × discount / 100⌉.
 * The only discount rule; web and server both call it (DESIGN: Money).
 */
export function discountedPrice(price: number, discount = 0): number {
  const pct = Math.min(Math.max(discount || 0, 0), 100);
  return price - Math.ceil((price * pct) / 100);
}

export interface PricedLine {
  price: number;
  discount: number;
  quantity: number;
}

export interface CartTotals {
  totalQuantity: number;
  /** Sum of discounted line prices. */
  itemsTotal: number;
  /** Sum of undiscounted line prices. */
  originalTotal: number;
  savings: number;
}

export function cartTotals(lines: readonly PricedLine[]): CartTotals {
  let totalQuantity = 0;
  let itemsTotal = 0;
  let originalTotal = 0;
  for (const line of lines) {
    totalQuantity += line.quantity;
    itemsTotal += discountedPrice(line.price, line.discount) * line.quantity;
    originalTotal += line.price * line.quantity;
  }
  return { totalQuantity, itemsTotal, originalTotal, savings: originalTotal - itemsTotal };
}

/** What the promotions of a quote or an order saved: on the items, and the delivery fee they waived. */
export interface PromotionSavings {
  discount: number;
  delivery_saving: number;
}

/**
 * Everything the shopper saves (issue 42): the products' own discounts (`productSavings`, from
 * cartTotals), the promotions' discounts on the items and the delivery fee a promotion waived.
 * Without the server's promotions (not asked yet), only the product discounts.
 */
export function totalSavings(productSavings: number, promotions?: PromotionSavings | null): number {
  return productSavings + (promotions ? promotions.discount + promotions.delivery_saving : 0);
}

/** What an order's payment stands at, as /track tells the shopper (issue 42). */
export interface OrderPaymentFacts {
  total: number;
  /** The payment method: 'CASH-ON-DELIVERY', 'bkash', 'rocket', 'nagad'. */
  method: string;
  /** A bKash checkout's state (a COD order's advance's, decision 0114); null for cash on delivery without an advance and a typed wallet transaction. */
  paymentState: 'awaiting' | 'paid' | 'failed' | 'refunded' | null;
  /** What bKash says moved; null when not known. */
  paidAmount: number | null;
  /** A COD order's partial advance (decision 0114); null or left out = none. */
  advanceAmount?: number | null;
  status: string;
  /** Delivered once (kept when it later came back). */
  delivered: boolean;
}

/** What a cash-on-delivery order's rider collects, whoever the courier is. */
export interface DueFacts {
  /** The payment method: 'CASH-ON-DELIVERY', 'bkash', 'rocket', 'nagad'. */
  method: string;
  total: number;
  /** The advance asked (null = none). */
  advanceAmount: number | null;
  /** The order's gateway payment: for a COD order with an advance, the advance's. */
  paymentState: 'awaiting' | 'paid' | 'failed' | 'refunded' | null;
  /** What bKash says moved; null when not known. */
  paidAmount: number | null;
}

/** The advance paid so far (0 when none, or not paid yet). */
export function advancePaid(o: DueFacts): number {
  if (o.method !== 'CASH-ON-DELIVERY' || !o.advanceAmount) return 0;
  return o.paymentState === 'paid' || o.paymentState === 'refunded' ? (o.paidAmount ?? o.advanceAmount) : 0;
}

/**
 * THE amount due on delivery (decision 0114): what the courier's booking asks the rider to collect (cod_amount,
 * every courier), what the label, the invoice, the SMS, /track and the order card show. Cash on delivery: the total
 * less the advance paid; any prepaid order: 0.
 */
export function amountDueOnDelivery(o: DueFacts): number {
  if (o.method !== 'CASH-ON-DELIVERY') return 0;
  return Math.max(0, o.total - advancePaid(o));
}

/**
 * Paid so far and due to the rider: cash on delivery is all due (less a paid advance) until delivered (then paid),
 * nothing due once cancelled or sent back undelivered; a bKash checkout is paid once bKash confirmed it; a typed
 * wallet transaction was paid with the order. Refunds are listed apart: they do not change what was paid.
 */
export function orderPayment(o: OrderPaymentFacts): { paid: number; due_on_delivery: number } {
  if (o.method === 'CASH-ON-DELIVERY') {
    if (o.delivered) return { paid: o.total, due_on_delivery: 0 };
    const facts: DueFacts = { method: o.method, total: o.total, advanceAmount: o.advanceAmount ?? null, paymentState: o.paymentState, paidAmount: o.paidAmount };
    return { paid: advancePaid(facts), due_on_delivery: o.status === 'Pending' || o.status === 'Received' ? amountDueOnDelivery(facts) : 0 };
  }
  if (o.paymentState !== null) return { paid: o.paymentState === 'paid' || o.paymentState === 'refunded' ? (o.paidAmount ?? o.total) : 0, due_on_delivery: 0 };
  return { paid: o.total, due_on_delivery: 0 };
}

export interface DeliverySettings {
  freeDelivery: boolean;
  insideDhaka: number;
  outsideDhaka: number;
}

export interface AddressLike {
  address_line: string;
  city: string;
}

/**
 * The delivery fee before an address is chosen (spec §4): 0 with free delivery, else the
 * inside-Dhaka fee. With an address: deliveryFee in ./delivery-fee (it needs the district lists
 * of ./dhaka, which every page's first load would otherwise carry: issue 25).
 */
export function feeBeforeAddress(settings: DeliverySettings = DEFAULT_DELIVERY): number {
  return settings.freeDelivery ? 0 : settings.insideDhaka;
}

export function grandTotal(itemsTotal: number, fee: number): number {
  return itemsTotal + fee;
}

/**
 * The one rounding rule for promotion money (issue 22, decision 0059): an
 * amount in taka, possibly fractional (a percent of a subtotal), becomes whole
 * taka by rounding to the nearest, halves up. Every saving a promotion gives
 * goes through it, on the web and on the server.
 */
export function roundTaka(amount: number): number {
  // The epsilon keeps an exact half computed in floating point (e.g. 1050 × 0.01) a half.
  return Math.floor(amount + 0.5 + 1e-9);
}

/**
 * Splits `total` whole taka across parts in proportion to `weights` (whole
 * taka too, e.g. each order line's amount), so the shares sum to exactly
 * `total`: each share is first rounded down, then the taka left over go one
 * each to the parts with the largest remainders, ties to the earlier part.
 * No share exceeds its weight when total ≤ the weights' sum. All zero
 * weights: everything on the first part.
 */
export function splitTaka(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, rest: (total * w) % sum }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) shares[order[k]!.i]! += 1;
  return shares;
}
