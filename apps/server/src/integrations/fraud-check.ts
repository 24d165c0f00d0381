/**
 * The fraud-check kind's interface: a phone's delivered and cancelled parcel
 * counts across a courier's merchants (decision 0031). Steadfast's client
 * speaks it today; another courier's counts would be a client in
 * integrations/<name>/ with this method. Any failure throws; the caller shows
 * "unknown" (decision 0053).
 */
export interface FraudCheck {
  fraudCheck(phone: string, opts?: { timeoutMs?: number; signal?: AbortSignal }): Promise<{ total_delivered: number; total_cancelled: number }>;
}
