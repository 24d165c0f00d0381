/** What other modules may use of addresses (docs/ARCHITECTURE.md: a module's public door). */
export { ownAddressSnapshot } from './queries';
