/** What other modules may use of delivery (docs/ARCHITECTURE.md: a module's public door): orders price the fee with it. */
export { readDeliverySettings } from './queries';
