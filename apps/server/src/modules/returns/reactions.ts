import type { Events } from '../../lib/events';
import type { AppEvents } from '../../ports';
import { cancelledUnsupplied, recordCourierReturn, type ReturnsDeps } from './service';

/**
 * What returns does when orders and courier publish their news (decision 0107), in the publisher's transaction:
 * a failure here rolls back the cancel or the parcel's update it reacts to.
 */
export function returnOnNews(events: Events<AppEvents>, deps: Pick<ReturnsDeps, 'notify' | 'jobs'>): void {
  // A courier's partial delivery or return is a return record like a shopper's (decision 0075).
  events.on('parcel.partial', (parcel, tx) => recordCourierReturn(tx, parcel.orderId, 'partial'));
  events.on('parcel.returned', (parcel, tx) => recordCourierReturn(tx, parcel.orderId, 'returned'));
  events.on('parcel.cancelled', (parcel, tx) => recordCourierReturn(tx, parcel.orderId, 'returned'));
  // The owner's cancel "cannot be supplied": the shopper's SMS and a prepaid order's refund (decision 0075).
  events.on('order.unsupplied', ({ orderId, by }, tx) => cancelledUnsupplied(deps, tx, orderId, by));
}
