/**
 * What other modules may use of the COD protection (issue 26, decision 0062): orders read the owner's rule, refuse a
 * blocked mobile's cash on delivery, cap a mobile's and an address's open unconfirmed COD orders (decision 0092),
 * end the mobile's incomplete checkout when its order is placed, and read one to turn it into a phone order.
 */
export { type CodOpenCaps, assertCodOpenWithinCaps, assertNotCodBlocked, dropIncompleteCheckout, incompleteCheckoutById, readAdvanceRule, readCodPolicy } from './service';
