/**
 * The back-in-stock request's messages (issue 45, decision 0116), apart from its zod schema
 * (schemas/stock-alerts.ts): the web's Bangla tables name them, and those load in a shopper's
 * first visit, which must not bring zod with them (decision 0089).
 */
export const STOCK_ALERT_MESSAGES = {
  product: 'Choose a product.',
  mobile: 'Valid mobile number required',
} as const;
