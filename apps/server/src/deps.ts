import type { Config } from './config';
import type { Database, Tx } from './db/client';
import type { BkashGateway } from './integrations/bkash/client';
import type { Actor, Guards } from './lib/auth';
import type { Jobs } from './lib/jobs';
import type { RateStore } from './lib/rate-limit';
import type { PictureStore } from './lib/storage';
import type { CourierOrders, OnCourierEvent } from './modules/courier/index';
import type { DeliveryRecords } from './modules/delivery-record/index';
import type { NotifyDeps } from './modules/notify/index';
import type { OrderView, PaymentStarter } from './modules/orders/index';

/**
 * What every API module is given: built once by app.ts, so modules never import app.ts. Modules depend one way
 * (docs/ARCHITECTURE.md, decision 0054): what a module needs from a later one comes through here.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  guards: Guards;
  /** Counters for rate limits, shared by every module (Redis when REDIS_URL is set). */
  rateStore: RateStore;
  /** Where uploaded pictures are kept: DATA_DIR/uploads/ or the S3 bucket (lib/storage.ts). */
  pictures: PictureStore;
  /** bKash checkout (the real API or the demo sandbox), or null: wallet orders then carry a typed transaction id. */
  bkash: { gateway: BkashGateway; publicUrl: string | undefined } | null;
  /** Starts a bKash payment for an order being placed (modules/payments, for orders), or null when bKash is off. */
  startBkashPayment: PaymentStarter | null;
  /** An order's answer by id (modules/orders, for courier's booking route); null when there is none. */
  orderById: (id: string) => Promise<OrderView | null>;
  /** Orders as courier books and tracks them (modules/orders, for courier, which reads no orders table). */
  courierOrders: CourierOrders;
  /** Durable jobs (lib/jobs.ts, decision 0073): enqueue in the change's transaction; handlers registered by their module. */
  jobs: Jobs;
  /** The shopper's SMS (modules/notify): notifyOrder(deps.notify, tx, id, 'placed' | 'booked' | 'delivered'). */
  notify: NotifyDeps;
  /** Told when a parcel is booked or delivered: the shopper's SMS by default. */
  onCourierEvent: OnCourierEvent;
  /** The owner cancelled an order that cannot be supplied (modules/returns, for orders): the shopper told, a prepaid bKash order's refund started. */
  onUnsupplied: (tx: Tx, orderId: string, by: Actor) => Promise<void>;
  /** The COD buyer's delivery record (issue 12); its look-up by phone serves the COD risk check. */
  deliveryRecords: DeliveryRecords;
  /** What every admin answer that shows orders adds to them: the buyer's delivery record, its due times (decision 0076) and a courier booking queued or failed (decision 0080). */
  adminOrders: (list: OrderView[]) => Promise<OrderView[]>;
}
