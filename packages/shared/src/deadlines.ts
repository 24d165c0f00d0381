import type { OrderStatus } from './constants';
import { isInsideDhaka } from './dhaka';
import { GUIDELINE_DEFAULTS } from './guidelines';

/**
 * An order's due times (issue 27, decision 0076): handed to the courier within
 * the shop's handover hours, delivered within its days inside or outside
 * Dhaka. The one rule: the admin card and the daily notice read this function,
 * and the dashboard's count (modules/deadlines, SQL) keeps the same rule — a
 * test compares them.
 *
 * - Handover: from the payment (a bKash checkout's paid_at; a typed wallet
 *   transaction id counts as paid when placed) or, for cash on delivery, from
 *   the placement; met once a courier parcel is booked or the order delivered.
 * - Delivery: from the placement, the days by the Dhaka address rule
 *   (dhaka.ts, as the delivery fee); met once delivered.
 * - Open orders (Pending) have both; Delivered and Received (the buyer has it)
 *   have both met; Cancel and Return, and an order whose bKash payment is
 *   awaited, failed or refunded, have none.
 * - Overdue: not met and now is past the due time (exactly at it is not yet).
 *
 * One more kind (a refund's, from its own table) is one more entry of `extra`:
 * it is listed whatever the order's status, since a cancelled prepaid order is
 * exactly the one owed a refund.
 */

export const DEADLINE_KINDS = ['handover', 'delivery', 'refund'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export interface DeadlineSettings {
  handoverHours: number;
  deliveryDaysInsideDhaka: number;
  deliveryDaysOutsideDhaka: number;
}

export const DEFAULT_DEADLINE_SETTINGS: DeadlineSettings = {
  handoverHours: GUIDELINE_DEFAULTS.handoverHours,
  deliveryDaysInsideDhaka: GUIDELINE_DEFAULTS.deliveryDaysInsideDhaka,
  deliveryDaysOutsideDhaka: GUIDELINE_DEFAULTS.deliveryDaysOutsideDhaka,
};

/** What the rule reads of an order. */
export interface DeadlineOrder {
  status: OrderStatus;
  /** The payment method (orders.payment_status): 'CASH-ON-DELIVERY' or a wallet. */
  paymentMethod: string;
  /** A gateway payment's state (null: cash on delivery or a typed transaction id). */
  paymentState: 'awaiting' | 'paid' | 'failed' | 'refunded' | null;
  createdAt: Date | string;
  paidAt: Date | string | null;
  /** The delivery address (the account's snapshot, else the guest's). */
  address: { address_line: string; city: string } | null;
  /** A courier parcel is booked for it. */
  handedOver: boolean;
}

/** A due time from elsewhere (a refund's due_at): listed as it is. */
export interface ExtraDue {
  kind: DeadlineKind;
  dueAt: Date | string;
  met: boolean;
}

export interface Deadline {
  kind: DeadlineKind;
  /** ISO time. */
  dueAt: string;
  met: boolean;
  overdue: boolean;
}

const HOUR_MS = 3600_000;
const ms = (t: Date | string) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/** Statuses with due times: still to be handed over and delivered. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['Pending'];
/** Statuses where the buyer has the parcel: both due times met. */
const DONE_STATUSES: readonly OrderStatus[] = ['Delivered', 'Received'];

/** Whether the order's payment makes it a real order yet (and not one given back). */
export const paymentCounts = (state: DeadlineOrder['paymentState']) => state === null || state === 'paid';

function entry(kind: DeadlineKind, dueMs: number, met: boolean, now: Date): Deadline {
  return { kind, dueAt: new Date(dueMs).toISOString(), met, overdue: !met && now.getTime() > dueMs };
}

export function orderDeadlines(order: DeadlineOrder, settings: DeadlineSettings, now: Date, extra: readonly ExtraDue[] = []): Deadline[] {
  const list: Deadline[] = [];
  const open = OPEN_STATUSES.includes(order.status);
  if ((open || DONE_STATUSES.includes(order.status)) && paymentCounts(order.paymentState)) {
    const placed = ms(order.createdAt);
    const cod = order.paymentMethod === 'CASH-ON-DELIVERY';
    // A prepaid order's hours run from the payment; a typed transaction id was paid before placing.
    const start = !cod && order.paymentState === 'paid' && order.paidAt ? ms(order.paidAt) : placed;
    const days = order.address && isInsideDhaka(order.address) ? settings.deliveryDaysInsideDhaka : settings.deliveryDaysOutsideDhaka;
    list.push(entry('handover', start + settings.handoverHours * HOUR_MS, !open || order.handedOver, now));
    list.push(entry('delivery', placed + days * 24 * HOUR_MS, !open, now));
  }
  for (const due of extra) list.push(entry(due.kind, ms(due.dueAt), due.met, now));
  return list;
}

/** Whether any due time of the list is overdue. */
export const isOverdue = (list: readonly Deadline[]) => list.some((d) => d.overdue);
