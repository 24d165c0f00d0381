/** Courier settlements (issue 44, decision 0112): its periodic job, for the one list of every kind (job-kinds.ts); the rate card's price of a parcel, for the courier suggestion (decision 0129). */
export { rateCardPrice, settlementsPullJob } from './service';
