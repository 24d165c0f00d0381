/** What other modules may use of the COD risk check: attaching a buyer's delivery record to orders. */
export { createDeliveryRecords } from './service';
