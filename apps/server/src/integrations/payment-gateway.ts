/**
 * The payment gateways the checkout can send a shopper to (decision 0120): each is a thin typed client of
 * our own (integrations/<gateway>/client.ts) through the one provider transport, and the payments module
 * reaches each one through the same PaymentGateway shape (modules/payments/gateways.ts).
 */
export const PAYMENT_GATEWAY_KINDS = ['bkash', 'sslcommerz'] as const;
export type PaymentGatewayKind = (typeof PAYMENT_GATEWAY_KINDS)[number];
