import type { Tx } from '../../db/client';
import type { TrackAmounts } from '@haat/shared/schemas/courier';
import type { AddressSnapshot } from '../../db/schema';

/**
 * What courier needs of an order, given by the orders module through deps (decision 0054, 0058): courier sits
 * below orders, so it reads no orders table itself. Made by orders' `courierOrders(db)`, wired in app.ts.
 */
export interface CourierOrder {
  id: string;
  /** The order number the shopper sees (HT-…). */
  orderId: string;
  status: string;
  /** The number the order was placed with. */
  mobile: string;
  /** The delivery address (the account's or the guest's), null when none. */
  address: AddressSnapshot | null;
  /** The recipient named at checkout (or the phone order's buyer); '' for older orders. */
  customerName: string;
  userId: string | null;
  paymentStatus: string;
  /** A bKash checkout's state and what bKash says moved; null for cash on delivery and a typed wallet transaction. */
  paymentState: 'awaiting' | 'paid' | 'failed' | 'refunded' | null;
  paidAmount: number | null;
  totalAmount: number;
  note: string;
  createdAt: Date;
  /** When it was delivered (by the courier or marked by hand); kept when it later came back (returned, exchanged). */
  deliveredAt: Date | null;
  /** An exchange's replacement order: the number of the order whose items it replaces; null for any other. */
  exchangeFor: string | null;
}

export interface CourierOrders {
  /** The order, locked FOR UPDATE in the booking's transaction; null when there is none. */
  lockForBooking(tx: Tx, id: string): Promise<CourierOrder | null>;
  /** A parcel's contents: the order's lines, and the buyer's name (the checkout's recipient, else the account's; '' when none). */
  parcelFacts(tx: Tx, order: CourierOrder): Promise<{ items: { name: string; quantity: number }[]; buyerName: string }>;
  find(id: string): Promise<CourierOrder | null>;
  /** For /track: the order of that number, or of that id when `id` is given. */
  findByNumber(number: string, id?: string): Promise<CourierOrder | null>;
  /** For /track (issue 42): the order's total, paid, due on delivery, refunds and exchanges; nothing personal. */
  trackAmounts(order: CourierOrder): Promise<TrackAmounts>;
}

