/** Back-in-stock alerts (issue 45, decision 0116): their jobs, for the list of every kind (job-kinds.ts); a reply STOP's stop (recovery, decision 0131). */
export { stockAlertQueueJob, stockAlertSmsJob, stopAlertsFor } from './service';
