/** What other modules may use of couriers: the courier part of an order's answer. */
export { bookingJob, courierViews, withCourierBookings } from './queries';
/** Its periodic job, for the one list of every kind (job-kinds.ts, decision 0106). */
export { courierPollJob } from './service';
