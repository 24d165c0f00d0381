import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryRecord } from '@haat/shared/delivery-record';
import type { CourierProvider, CourierStage, TrackAmounts } from '@haat/shared/schemas/courier';
import type { OrderView } from '@haat/shared/schemas/order';
import type { Db, Tx } from './db/client';
import type { AddressSnapshot, orders } from './db/schema';
import type { SmsSender } from './integrations/sms';
import type { Actor } from './lib/auth';
import type { Events } from './lib/events';
import type { Jobs } from './lib/jobs';

/*
 * The ports between modules (decision 0107): what one module gives another through AppDeps (deps.ts), and the
 * events one publishes for others. Declared here, beside deps.ts, so neither file imports modules/ (eslint holds it):
 * the module that makes a port implements this type, the module that uses it names this type, and app.ts wires them.
 */

type OrderRow = typeof orders.$inferSelect;

/** What courier needs of an order, given by orders (decision 0054, 0058): courier sits below orders and reads no orders table. */
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
  /** A COD order's partial advance (decision 0114); null = none. */
  advanceAmount: number | null;
  /** SSLCommerz's risk title while a risky payment holds the order for the owner's review (decision 0120); null = none. */
  paymentHold: string | null;
  note: string;
  createdAt: Date;
  /** When it was delivered (by the courier or marked by hand); kept when it later came back (returned, exchanged). */
  deliveredAt: Date | null;
  /** An exchange's replacement order: the number of the order whose items it replaces; null for any other. */
  exchangeFor: string | null;
}

/** Orders as courier books and tracks them: made by orders' `courierOrders(db)`. */
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

/** Starts the payment of a new order (inside its transaction) and answers the columns to record. */
export type StartPayment = (order: OrderRow) => Promise<Partial<OrderRow>>;

/**
 * Makes the StartPayment of one POST /order: given by payments (bKash's gateway), since orders never import
 * payments. `origin` is the request's own scheme and host, for the callback when no public URL is set.
 */
export type PaymentStarter = (request: { log: FastifyBaseLogger; origin: string; payerReference: string; /** The shopper's address (Nagad wants it). */ ip?: string }) => StartPayment;

/** The COD buyer's delivery record (issue 12, decision 0031): made by delivery-record's `createDeliveryRecords`. */
export interface DeliveryRecords {
  /** The orders with `delivery_record` added: for the admin's answers. Never throws for the provider's sake. */
  attach(list: OrderView[]): Promise<OrderView[]>;
  /**
   * A cash-on-delivery buyer's record before the order is placed (issue 26's confirmation rule): the courier's
   * counts when set and known, else the shop's own history. Never throws for the provider's sake.
   */
  forCodPhone(phone: string): Promise<DeliveryRecord>;
}

/** What notify's `notifyOrder` needs; built once per app and handed to every module as deps.notify. */
export interface NotifyDeps {
  db: Db;
  sms: SmsSender;
  /** SMS go out as durable jobs (decision 0073), after the change that causes them commits. */
  jobs: Jobs;
  log: FastifyBaseLogger;
  shopName: string;
}

/** The parcel stages courier tells others: the booking, and each news that moves the order. */
export type ParcelStage = Extract<CourierStage, 'booked' | 'delivered' | 'partial' | 'returned' | 'cancelled'>;

/** What happened to an order's parcel. */
export interface CourierNotice {
  orderId: string;
  orderCode: string;
  mobile: string;
  provider: CourierProvider;
  stage: ParcelStage;
  trackingCode: string;
}

/**
 * Every event a module publishes in its change's transaction (lib/events.ts, decision 0107), with what it carries.
 * Who publishes and who reacts today:
 * - `order.placed` (orders: a shop, phone or incomplete-checkout order): notify queues the shopper's SMS; recovery marks
 *   the mobile's recovery SMS as recovered (decision 0117);
 * - `order.unsupplied` (orders: the owner's cancel "cannot be supplied"): returns tells the shopper and starts the refund;
 * - `order.delivered` (order-status: every entry into Delivered, whoever moved it — a courier's webhook or poll, staff
 *   by hand; decision 0126): notify queues the shopper's SMS, reviews its asking SMS, ads its "at delivery" Purchase;
 * - `parcel.booked` (courier): notify queues the shopper's SMS with the tracking code;
 * - `parcel.partial`, `parcel.returned`, `parcel.cancelled` (courier): returns records the return (decision 0075).
 * A parcel delivered is told as `order.delivered` only (order-status publishes it): no `parcel.delivered`.
 */
export type AppEvents = {
  'order.placed': { orderId: string };
  'order.unsupplied': { orderId: string; by: Actor };
  'order.delivered': { orderId: string };
} & { [S in Exclude<ParcelStage, 'delivered'> as `parcel.${S}`]: CourierNotice };

/** What a move that may deliver an order is given to tell it (decision 0126): the app's events, `deps.events`. */
export type OrderNews = Pick<Events<AppEvents>, 'publish'>;
