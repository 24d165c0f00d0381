/**
 * What other modules and the app may use of ads (decision 0119): its reactions to orders' and parcels' events, its
 * jobs' handlers and kinds. No module calls into it.
 */
export { handleBrowserEvents, metaBrowserEventJob } from './browser-events';
export { gaPurchaseJob, handleAdJobs, keepAdOrigins, measureOrders, metaPurchaseJob } from './service';
