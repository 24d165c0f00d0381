/** Courier settlements (issue 44, decision 0112): its periodic job, for the one list of every kind (job-kinds.ts). */
export { settlementsPullJob } from './service';
