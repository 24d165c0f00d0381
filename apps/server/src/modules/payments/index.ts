/**
 * What the app may use of payments (docs/ARCHITECTURE.md: a module's public door): the bKash payment starter it
 * gives orders through AppDeps (orders never import payments), and the unpaid-order sweep the job queue runs (decision 0073).
 */
export { bkashPaymentStarter, CALLBACK_PATH, expirySweep, expirySweepJob } from './bkash';
/** Refunds (issue 27, decision 0075): made now (bKash or by hand) or due by a time and made by a job; what was paid and what is left. */
export { handleDueRefunds, makeRefund, paidOf, refundableOf, refundJob, scheduleRefund } from './refunds';
/** SSLCommerz hosted checkout (issue 46, decision 0120): its session starter for orders, and its status for the sweep. */
export { sslcommerzPaymentStarter, sslcommerzStatus } from './sslcommerz';
/** Nagad's payment gateway (issue 46, decision 0128): its starter for orders, and its verify for the sweep. */
export { nagadPaymentStarter, nagadStatus } from './nagad';
