/** What other modules may use of the cart (docs/ARCHITECTURE.md: a module's public door): checkout locks and empties it. */
export { lockCartLines, takeFromCart } from './queries';
