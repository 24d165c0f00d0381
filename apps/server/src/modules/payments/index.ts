/**
 * What the app may use of payments (docs/ARCHITECTURE.md: a module's public door): the bKash payment starter it
 * gives orders through AppDeps (orders never import payments), and the unpaid-order sweep it runs while listening.
 */
export { bkashPaymentStarter, CALLBACK_PATH, startExpirySweeper } from './bkash';
