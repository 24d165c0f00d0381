import type { Events } from '../../lib/events';
import type { AppEvents, NotifyDeps } from '../../ports';
import { notifyOrder } from './service';

/**
 * The shopper's SMS on an order's and a parcel's news, subscribed at start-up (decision 0107): queued in the
 * publishing transaction, so it goes out once that commits and never when it rolls back (decision 0073).
 */
export function textShopperOnNews(events: Events<AppEvents>, notify: NotifyDeps): void {
  // A shop, phone or incomplete-checkout order placed.
  events.on('order.placed', ({ orderId }, tx) => notifyOrder(notify, tx, orderId, 'placed'));
  // A booked parcel texts the shopper its tracking code (issue 13); a delivery, by courier or by hand, thanks them (decision 0126).
  events.on('parcel.booked', (parcel, tx) => notifyOrder(notify, tx, parcel.orderId, 'booked', { trackingCode: parcel.trackingCode }));
  events.on('order.delivered', ({ orderId }, tx) => notifyOrder(notify, tx, orderId, 'delivered'));
}
