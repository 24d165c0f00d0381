import { z } from 'zod';
import type { FraudCheck } from '../fraud-check';
import { ProviderError, providerRequest, type RetryPolicy } from '../http';
import type {
  SteadfastBalanceResponse,
  SteadfastBulkRow,
  SteadfastCreateOrderResponse,
  SteadfastFraudCheckResponse,
  SteadfastOrderInput,
  SteadfastPayment,
  SteadfastPaymentDetail,
  SteadfastStatusResponse,
} from './types';
import { balanceSchema, bulkRowsSchema, createOrderSchema, fraudCheckSchema, paymentDetailSchema, paymentsSchema, STEADFAST_BULK_LIMIT, statusSchema } from './types';

export interface SteadfastSettings {
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  /** Per-call timeout unless a call asks for its own. */
  timeoutMs?: number;
}

export interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** A thin typed client of the Steadfast (packzy) merchant API v1. */
export class SteadfastClient implements FraudCheck {
  private readonly baseUrl: string;

  constructor(private readonly settings: SteadfastSettings) {
    this.baseUrl = settings.baseUrl.replace(/\/+$/, '');
  }

  /** `POST /create_order`: book one parcel. Never retried: a second try could book a second parcel. */
  createOrder(order: SteadfastOrderInput, opts?: CallOptions): Promise<SteadfastCreateOrderResponse> {
    return this.call('POST', '/create_order', order, 'never', createOrderSchema, opts);
  }

  /** `POST /create_order/bulk-order`: up to 500 parcels, one result per row (rows fail independently). Never retried. */
  async bulkOrder(orders: SteadfastOrderInput[], opts?: CallOptions): Promise<SteadfastBulkRow[]> {
    if (orders.length === 0) return [];
    if (orders.length > STEADFAST_BULK_LIMIT) {
      throw new ProviderError('Steadfast', 'refused', `At most ${STEADFAST_BULK_LIMIT} orders per bulk booking`);
    }
    return this.call('POST', '/create_order/bulk-order', { data: orders }, 'never', bulkRowsSchema, opts, 'Steadfast bulk-order answered something other than a list');
  }

  /** `GET /status_by_cid/{id}` */
  statusByConsignmentId(id: number | string, opts?: CallOptions): Promise<SteadfastStatusResponse> {
    return this.call('GET', `/status_by_cid/${encodeURIComponent(String(id))}`, undefined, 'idempotent', statusSchema, opts);
  }

  /** `GET /status_by_invoice/{invoice}` */
  statusByInvoice(invoice: string, opts?: CallOptions): Promise<SteadfastStatusResponse> {
    return this.call('GET', `/status_by_invoice/${encodeURIComponent(invoice)}`, undefined, 'idempotent', statusSchema, opts);
  }

  /** `GET /status_by_trackingcode/{code}` */
  statusByTrackingCode(code: string, opts?: CallOptions): Promise<SteadfastStatusResponse> {
    return this.call('GET', `/status_by_trackingcode/${encodeURIComponent(code)}`, undefined, 'idempotent', statusSchema, opts);
  }

  /** `GET /get_balance` */
  getBalance(opts?: CallOptions): Promise<SteadfastBalanceResponse> {
    return this.call('GET', '/get_balance', undefined, 'idempotent', balanceSchema, opts);
  }

  /** `GET /payments`: the merchant's payouts, newest first as Steadfast lists them (decision 0112). */
  payments(opts?: CallOptions): Promise<SteadfastPayment[]> {
    return this.call('GET', '/payments', undefined, 'idempotent', paymentsSchema, opts, 'Steadfast payments answered something other than a list');
  }

  /** `GET /payments/{payment_id}`: one payout with the consignments it paid. */
  payment(id: number, opts?: CallOptions): Promise<SteadfastPaymentDetail> {
    return this.call('GET', `/payments/${encodeURIComponent(String(id))}`, undefined, 'idempotent', paymentDetailSchema, opts, 'Steadfast payment answered without its consignments');
  }

  /**
   * `GET /fraud_check/{phone}`: delivered and cancelled parcel counts for a phone
   * (01XXXXXXXXX). Counts may come as numeric strings; they are read as numbers.
   */
  async fraudCheck(phone: string, opts?: CallOptions): Promise<Required<SteadfastFraudCheckResponse>> {
    const body = await this.call('GET', `/fraud_check/${encodeURIComponent(phone)}`, undefined, 'idempotent', fraudCheckSchema, opts, 'Steadfast fraud_check answered without counts');
    const delivered = body.total_delivered;
    const cancelled = body.total_cancelled;
    return { total_delivered: delivered, total_cancelled: cancelled, total_parcels: body.total_parcels ?? delivered + cancelled };
  }

  private async call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    retry: RetryPolicy,
    schema: S,
    opts: CallOptions = {},
    badAnswer?: string,
  ): Promise<z.output<S>> {
    try {
      return await providerRequest({
        provider: 'Steadfast',
        method,
        url: `${this.baseUrl}${path}`,
        headers: { 'Api-Key': this.settings.apiKey, 'Secret-Key': this.settings.secretKey },
        body,
        timeoutMs: opts.timeoutMs ?? this.settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        signal: opts.signal,
        retry,
        schema,
        refusal: innerRefusal,
        badAnswer,
      });
    } catch (err) {
      throw err instanceof ProviderError ? inSteadfastWords(err) : err;
    }
  }
}

/** What a refusal body may carry: an inner status, a message, an error, or Laravel's field errors. */
const refusalBodySchema = z.looseObject({
  status: z.unknown().optional(),
  message: z.unknown().optional(),
  error: z.unknown().optional(),
  errors: z.record(z.string(), z.unknown()).optional().catch(undefined),
});

/** Steadfast also reports refusals inside a 200 body as `status: 4xx`. */
function innerRefusal(json: unknown): { code: string; message: string } | null {
  const parsed = refusalBodySchema.safeParse(json);
  const inner = parsed.success ? parsed.data.status : undefined;
  if (typeof inner === 'number' && inner >= 400) return { code: String(inner), message: providerMessage(json) ?? 'Steadfast refused the request (200)' };
  return null;
}

/**
 * The transport's error with Steadfast's own words for a refusal (still a
 * ProviderError of the same kind: the delivery record and the courier read
 * `kind` and `retryable`).
 */
function inSteadfastWords(err: ProviderError): ProviderError {
  const message =
    err.kind === 'rate-limited'
      ? 'Steadfast is rate-limiting us (429)'
      : err.kind === 'refused' && err.status >= 400
        ? (providerMessage(err.body) ?? `Steadfast refused the request (${err.status})`)
        : err.kind === 'bad-answer' && (err.body === undefined || typeof err.body === 'string')
          ? 'Steadfast answered something other than JSON'
          : err.message;
  return message === err.message ? err : new ProviderError(err.provider, err.kind, message, err.status, err.body, err.code);
}

/** The provider's own words for a refusal: `message`, or the first validation error. */
function providerMessage(json: unknown): string | null {
  const parsed = refusalBodySchema.safeParse(json);
  if (!parsed.success) return null;
  const j = parsed.data;
  if (j.errors) {
    const first = Object.values(j.errors)[0];
    const msg = Array.isArray(first) ? first[0] : first;
    if (typeof msg === 'string') return msg;
  }
  if (typeof j.message === 'string' && j.message) return j.message;
  if (typeof j.error === 'string' && j.error) return j.error;
  return null;
}
