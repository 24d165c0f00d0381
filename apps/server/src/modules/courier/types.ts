/** The courier kind's interface lives beside the provider clients (integrations/courier.ts, decision 0053). */
export * from '../../integrations/courier';
