/** What other modules may use of orders (docs/ARCHITECTURE.md: a module's public door): payments and couriers read an order and move its status. */
export { findOrderView, type OrderRow, type OrderView } from './queries';
export { changeOrderStatus, lockOrder, setOrderStatus, type StartPayment } from './service';
