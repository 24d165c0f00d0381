/**
 * A thin typed client of SSLCommerz's hosted checkout (API v4): the session
 * API, the validation API (the only source of truth for a payment: an IPN or
 * a redirect is never trusted alone), the transaction query by tran_id (after
 * a timeout, at expiry) and refunds with their status query. Field names are
 * SSLCommerz's own; every call goes through the one provider transport
 * (decision 0053) and every failure is a ProviderError.
 */
import { z } from 'zod';
import { ProviderError, providerRequest, type RetryPolicy } from '../http';
import type { PaymentGatewayKind } from '../payment-gateway';

export interface SslcommerzCredentials {
  /** e.g. https://sandbox.sslcommerz.com; a function when only known after listen (the demo sandbox). */
  baseUrl: string | (() => string);
  storeId: string;
  storePasswd: string;
  timeoutMs: number;
}

export interface SessionInput {
  tranId: string;
  amount: number;
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string;
  customer: { name: string; phone: string; email: string; address: string; city: string };
  productName: string;
  items: number;
}

const sessionSchema = z.looseObject({ status: z.literal('SUCCESS'), sessionkey: z.string(), GatewayPageURL: z.string().min(1) });
export type SslcommerzSession = z.output<typeof sessionSchema>;

/** The validation API's answer (validationserverAPI.php). */
const validationSchema = z.looseObject({
  status: z.string(),
  tran_id: z.string().optional(),
  val_id: z.string().optional(),
  amount: z.string().optional(),
  currency: z.string().optional(),
  currency_type: z.string().optional(),
  currency_amount: z.string().optional(),
  bank_tran_id: z.string().optional(),
  risk_level: z.union([z.string(), z.number()]).optional(),
  risk_title: z.string().optional(),
});
export type SslcommerzValidation = z.output<typeof validationSchema>;

/** The transaction query by tran_id: every attempt SSLCommerz knows for it. */
const querySchema = z.looseObject({
  APIConnect: z.string(),
  no_of_trans_found: z.union([z.number(), z.string()]).optional(),
  element: z.array(z.looseObject({ val_id: z.string().optional(), status: z.string(), tran_id: z.string().optional(), amount: z.string().optional(), bank_tran_id: z.string().optional() })).optional(),
});
export type SslcommerzQuery = z.output<typeof querySchema>;

const refundSchema = z.looseObject({ APIConnect: z.string(), status: z.string(), refund_ref_id: z.string().optional(), bank_tran_id: z.string().optional(), errorReason: z.string().optional() });
export type SslcommerzRefund = z.output<typeof refundSchema>;

/** What an SSLCommerz failure means, for the shop's error codes. */
export type SslcommerzTrouble = 'unreachable' | 'auth' | 'refused';
export function sslcommerzTrouble(err: ProviderError): SslcommerzTrouble {
  if (err.kind === 'timeout' || err.kind === 'network' || err.kind === 'server' || err.kind === 'rate-limited') return 'unreachable';
  if (err.code === 'INVALID_REQUEST' || err.code === 'INACTIVE') return 'auth';
  return 'refused';
}

/** The interface the payments module depends on: the real API and the demo sandbox both speak it. */
export interface SslcommerzGateway {
  readonly kind: Extract<PaymentGatewayKind, 'sslcommerz'>;
  session(input: SessionInput): Promise<SslcommerzSession>;
  validate(valId: string): Promise<SslcommerzValidation>;
  query(tranId: string): Promise<SslcommerzQuery>;
  refund(input: { bankTranId: string; amount: number; remarks: string; refeId: string }): Promise<SslcommerzRefund>;
  refundStatus(refundRefId: string): Promise<SslcommerzRefund>;
}

/** SSLCommerz answers APIConnect other than DONE when the store id or password is wrong or the store inactive. */
function apiConnectRefusal(json: unknown): { code: string; message: string } | null {
  const j = json as { APIConnect?: unknown; status?: unknown; errorReason?: unknown; failedreason?: unknown };
  if (typeof j !== 'object' || j === null) return null;
  if (j.APIConnect !== undefined && j.APIConnect !== 'DONE') return { code: String(j.APIConnect), message: `SSLCommerz refused the call (${String(j.APIConnect)})` };
  if (j.status === 'failed' || j.status === 'FAILED') return { code: 'FAILED', message: String(j.errorReason ?? j.failedreason ?? 'SSLCommerz refused the request') };
  return null;
}

export class SslcommerzClient implements SslcommerzGateway {
  readonly kind = 'sslcommerz' as const;
  constructor(private readonly creds: SslcommerzCredentials) {}

  private base(): string {
    return typeof this.creds.baseUrl === 'function' ? this.creds.baseUrl() : this.creds.baseUrl;
  }

  private async call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, params: Record<string, string>, retry: RetryPolicy, schema: S): Promise<z.output<S>> {
    const auth = { store_id: this.creds.storeId, store_passwd: this.creds.storePasswd };
    const form = new URLSearchParams({ ...params, ...auth });
    const url = method === 'GET' ? `${this.base()}${path}?${new URLSearchParams({ ...params, ...auth, format: 'json' })}` : `${this.base()}${path}`;
    return providerRequest({ provider: 'SSLCommerz', method, url, body: method === 'POST' ? form : undefined, timeoutMs: this.creds.timeoutMs, retry, schema, refusal: apiConnectRefusal });
  }

  /** Never retried: a second session would be a second checkout for the same tran_id. */
  async session(input: SessionInput): Promise<SslcommerzSession> {
    const c = input.customer;
    return this.call(
      'POST',
      '/gwprocess/v4/api.php',
      {
        total_amount: input.amount.toFixed(2),
        currency: 'BDT',
        tran_id: input.tranId,
        success_url: input.successUrl,
        fail_url: input.failUrl,
        cancel_url: input.cancelUrl,
        ipn_url: input.ipnUrl,
        cus_name: c.name || 'Customer',
        cus_phone: c.phone,
        cus_email: c.email || 'no-reply@haat.invalid',
        cus_add1: c.address || 'Bangladesh',
        cus_city: c.city || 'Dhaka',
        cus_country: 'Bangladesh',
        shipping_method: 'Courier',
        product_name: input.productName.slice(0, 255) || 'Order',
        product_category: 'General',
        product_profile: 'physical-goods',
        num_of_item: String(input.items),
      },
      'never',
      sessionSchema,
    );
  }

  async validate(valId: string): Promise<SslcommerzValidation> {
    return this.call('GET', '/validator/api/validationserverAPI.php', { val_id: valId, v: '1' }, 'idempotent', validationSchema);
  }

  async query(tranId: string): Promise<SslcommerzQuery> {
    return this.call('GET', '/validator/api/merchantTransIDvalidationAPI.php', { tran_id: tranId }, 'idempotent', querySchema);
  }

  /** Never retried: a refund moves money back. `refeId` is the shop's own id for it. */
  async refund(input: { bankTranId: string; amount: number; remarks: string; refeId: string }): Promise<SslcommerzRefund> {
    return this.call(
      'GET',
      '/validator/api/merchantTransIDvalidationAPI.php',
      { bank_tran_id: input.bankTranId, refund_amount: input.amount.toFixed(2), refund_remarks: input.remarks.slice(0, 255) || 'Refund', refe_id: input.refeId },
      'never',
      refundSchema,
    );
  }

  async refundStatus(refundRefId: string): Promise<SslcommerzRefund> {
    return this.call('GET', '/validator/api/merchantTransIDvalidationAPI.php', { refund_ref_id: refundRefId }, 'idempotent', refundSchema);
  }
}

/** "2450.00" → 2450; anything that is not whole taka → NaN (never equal to an order total). */
export function sslTakaOf(amount: unknown): number {
  const n = Number(amount);
  return typeof amount === 'string' && /^\d+(\.\d{1,2})?$/.test(amount) && Number.isInteger(n) ? n : Number.NaN;
}
