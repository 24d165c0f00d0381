import type { AdOrigins } from './lib/ad-origins';
import type { AdminOrderView, OrderView } from '@haat/shared/schemas/order';
import type { Config } from './config';
import type { Database } from './db/client';
import type { BkashGateway } from './integrations/bkash/client';
import type { SslcommerzGateway } from './integrations/sslcommerz/client';
import type { NagadGateway } from './integrations/nagad/client';
import type { Guards } from './lib/auth';
import type { Events } from './lib/events';
import type { Jobs } from './lib/jobs';
import type { RateStore } from './lib/rate-limit';
import type { PictureStore } from './lib/storage';
import type { AppEvents, CourierOrders, DeliveryRecords, NotifyDeps, PaymentStarter } from './ports';

/**
 * What every API module is given: built once by app.ts, so modules never import app.ts. Modules depend one way
 * (docs/ARCHITECTURE.md, decision 0054): what a module needs from a later one comes through here, typed by the
 * ports of ports.ts, and a module's reactions to another's changes are events (decision 0107). Imports no module.
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
  /** SSLCommerz hosted checkout (a store, or the demo sandbox; decision 0120), or null: the checkout does not offer it. */
  sslcommerz: { gateway: SslcommerzGateway; publicUrl: string | undefined } | null;
  /** Starts an SSLCommerz session for an order being placed (modules/payments, for orders), or null when SSLCommerz is off. */
  startSslcommerzPayment: PaymentStarter | null;
  /** Nagad's payment gateway (a merchant account; decision 0128), or null: Nagad is paid by a typed transaction id. */
  nagad: { gateway: NagadGateway; publicUrl: string } | null;
  /** Starts a Nagad payment for an order being placed by Nagad without a transaction id, or null when Nagad's gateway is off. */
  startNagadPayment: PaymentStarter | null;
  /** An order's answer by id (modules/orders, for courier's booking route); null when there is none. */
  orderById: (id: string) => Promise<OrderView | null>;
  /** Orders as courier books and tracks them (modules/orders, for courier, which reads no orders table). */
  courierOrders: CourierOrders;
  /** Durable jobs (lib/jobs.ts, decision 0073): enqueue in the change's transaction; handlers registered by their module. */
  jobs: Jobs;
  /** Events published in the change's transaction (lib/events.ts, decision 0107): `deps.events.publish(tx, 'order.placed', …)`. */
  events: Events<AppEvents>;
  /** The shopper's SMS (modules/notify): notifyOrder(deps.notify, tx, id, notice). */
  notify: NotifyDeps;
  /** The COD buyer's delivery record (issue 12); its look-up by phone serves the COD risk check. */
  deliveryRecords: DeliveryRecords;
  /** What every admin answer that shows orders adds to them: the buyer's delivery record, its due times (decision 0076), a courier booking queued or failed (decision 0080) and a payment held (decision 0126). */
  adminOrders: (list: OrderView[]) => Promise<AdminOrderView[]>;
  /** The Meta Pixel's and gtag's origins the CSP allows, set from the owner's ad settings (decision 0119). */
  adOrigins: AdOrigins;
}
