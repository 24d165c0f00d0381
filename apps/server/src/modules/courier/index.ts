/** What other modules may use of couriers: the courier part of an order's answer. */
export { courierViews, withCourierBookings } from './queries';
