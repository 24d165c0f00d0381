/**
 * What other modules may use of an order's status (docs/ARCHITECTURE.md: a module's public door): the one
 * function every status change goes through, the payment columns' write, and the locked reads they start from.
 */
export { lockOrder, recordPayment, transitionOrder, type PaymentColumns } from './service';
export { lockOldestUnpaid, lockOrderByPayment, type OrderRow } from './queries';
/** Stock back for items a return brought in (decision 0075): per item and variant, as entering Cancel or Return gives it. */
export { releaseStock } from './queries';
