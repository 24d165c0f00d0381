/** What other modules may use of couriers: the courier part of an order's answer. */
export { bookingJob, courierViews, withCourierBookings } from './queries';
/** What the app wires in (deps.ts): who is told when a parcel is booked or delivered. */
export { courierPollJob, type CourierNotice, type OnCourierEvent } from './service';
/** What courier needs of orders, which orders gives it through deps (orders sit above courier). */
export type { CourierOrder, CourierOrders } from './orders';
