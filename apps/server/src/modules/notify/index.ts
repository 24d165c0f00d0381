/** What other modules may use of the shopper's notices: sending one, and an order's log of them. */
export { listOrderEvents, notifyOrder, type NotifyDeps } from './service';
