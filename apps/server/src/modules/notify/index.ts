/** What other modules may use of the shopper's notices: sending one, and an order's log of them. */
export { listOrderEvents, notifyOrder, orderSmsJob, recordOrderEvent, returnNotice, type NoticeExtra } from './service';
/** What the app wires in (deps.ts): the SMS sender, queue and log a notice needs; the SMS on an order's and a parcel's news (events, decision 0107). */
export { type NotifyDeps } from './service';
export { textShopperOnNews } from './reactions';
/** The shop's Owners told by SMS and mail, queued in the caller's transaction (the daily overdue notice, a complaint). */
export { notifyOwners, ownerMailJob, ownerSmsJob, type OwnerNotice } from './owners';
/** The one tail and the once-a-minute queueing of the other modules' one-SMS jobs (back in stock, checkout recovery). */
export { queueSmsEveryMinute, sendSmsOrSettle } from './sms-jobs';
