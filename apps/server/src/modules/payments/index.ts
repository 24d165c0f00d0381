/**
 * What the app may use of payments (docs/ARCHITECTURE.md: a module's public door): the bKash payment starter it
 * gives orders through AppDeps (orders never import payments), and the unpaid-order sweep the job queue runs (decision 0073).
 */
export { bkashPaymentStarter, CALLBACK_PATH, expirySweep } from './bkash';
