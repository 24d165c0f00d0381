/** Checkout recovery (issue 45, decision 0117): its jobs (job-kinds.ts) and its reaction to orders placed (wiring.ts). */
export { recoverOnOrders, recoverySmsJob, recoverySweepJob } from './service';
