/** What other modules may use of the cart (docs/ARCHITECTURE.md: a module's public door): checkout locks and empties it; a line's variant is chosen alike in the cart and the order. */
export { lockCartLines, takeFromCart, variantsForChoice, chosenOrThrow, type ChoosableVariant } from './queries';
