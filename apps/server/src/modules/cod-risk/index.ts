/**
 * What other modules may use of the COD protection (issue 26, decision 0062): orders read the owner's rule, refuse a
 * blocked mobile's cash on delivery and end the mobile's incomplete checkout when its order is placed.
 */
export { assertNotCodBlocked, dropIncompleteCheckout, readCodPolicy } from './service';
