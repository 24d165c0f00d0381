/**
 * The payment gateways the checkout can send a shopper to (decision 0120): each is a thin typed client of
 * our own (integrations/<gateway>/client.ts) through the one provider transport, and the payments module
 * reaches each one through the same shapes (a PaymentStarter, an Outcome, a status for the sweep, a refund).
 */
import type { PaymentGateway } from '@haat/shared/constants';

/** The same names as orders.gateway (decision 0127): 'bkash', 'sslcommerz', 'nagad'. */
export type PaymentGatewayKind = PaymentGateway;
