/**
 * What other modules may use of orders (docs/ARCHITECTURE.md: a module's public door): payments read an order's
 * answer and start a payment through StartPayment. An order's status changes through modules/order-status.
 */
export { findOrderView, type OrderRow, type OrderView } from './queries';
export { orderById, type PaymentStarter, type StartPayment } from './service';
/** What the admin's order answers add: a payment held for review (decision 0126). */
export { withPaymentHolds } from './admin-view';
/** An exchange's replacement order (returns, decision 0075). */
export { placeReplacementOrder, type ReplacementLine } from './service';
/** Orders as courier reads them, wired into AppDeps (courier sits below orders). */
export { courierOrders } from './courier-door';
/** A person's phone account joined into their e-mail account takes its orders along (users, decision 0061). */
export { moveOrdersToAccount } from './owner';
/** The chat-link SMS job's kind (job-kinds.ts, decision 0106). */
export { chatLinkSmsJob } from './chat-links';
