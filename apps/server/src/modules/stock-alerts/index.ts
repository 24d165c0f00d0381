/** Back-in-stock alerts (issue 45, decision 0116): their jobs, for the list of every kind (job-kinds.ts). */
export { stockAlertQueueJob, stockAlertSmsJob } from './service';
