/**
 * What other modules may use of the COD protection (issue 26, decision 0062): orders read the owner's rule, refuse a
 * blocked mobile's cash on delivery, end the mobile's incomplete checkout when its order is placed, and read one to
 * turn it into a phone order.
 */
export { assertNotCodBlocked, dropIncompleteCheckout, incompleteCheckoutById, readCodPolicy } from './service';
