/**
 * What the app wires in of returns (issue 27, decision 0075): its reactions to a courier's partial delivery or
 * return (a return record) and to the owner's cancel "cannot be supplied", subscribed as events (decision 0107).
 */
export { returnOnNews } from './reactions';
