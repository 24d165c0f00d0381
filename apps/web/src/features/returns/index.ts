/**
 * The returns feature's door (decision 0108): returns, exchanges and refunds (issue 27). The owner's Returns page
 * is its own; the shopper's form and list (My Orders, /track), the owner's panel on an order card, the exchange
 * badge and the dashboard's after-sales figures are what other features show of it.
 */
export { AfterSalesFigures, ReturnWindowForm } from './components/AfterSales';
export { ExchangeBadge } from './components/ExchangeBadge';
export { OrderReturnsPanel, ReturnCard } from './components/ReturnsPanel';
export { GuestOrderReturns, MyOrderReturns, SHOWS_RETURNS } from './components/ShopperReturns';
export { RETURNS_NS } from './locales';
