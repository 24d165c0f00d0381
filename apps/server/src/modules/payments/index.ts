/** What other modules may use of payments: starting a bKash payment for an order being placed. */
export { bkashStarter, CALLBACK_PATH } from './bkash';
