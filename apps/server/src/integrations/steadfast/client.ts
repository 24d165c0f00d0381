import type {
  SteadfastBalanceResponse,
  SteadfastBulkRow,
  SteadfastCreateOrderResponse,
  SteadfastFraudCheckResponse,
  SteadfastOrderInput,
  SteadfastStatusResponse,
} from './types';
import { STEADFAST_BULK_LIMIT } from './types';

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

/**
 * Why a call failed. `kind` lets callers decide: 'timeout' and 'network' and
 * HTTP 429/5xx are the provider's trouble (retry later, fail open); 'rejected'
 * is a 4xx answer about our request (show the provider's message).
 */
export type SteadfastErrorKind = 'timeout' | 'network' | 'rate_limited' | 'server' | 'rejected' | 'bad_response';

export class SteadfastError extends Error {
  constructor(
    message: string,
    readonly kind: SteadfastErrorKind,
    /** HTTP status, 0 when no answer came. */
    readonly status: number = 0,
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'SteadfastError';
  }

  /** The provider is down, slow or throttling: not the request's fault. */
  get transient(): boolean {
    return this.kind === 'timeout' || this.kind === 'network' || this.kind === 'rate_limited' || this.kind === 'server';
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** A thin typed client of the Steadfast (packzy) merchant API v1. */
export class SteadfastClient {
  private readonly baseUrl: string;

  constructor(private readonly settings: SteadfastSettings) {
    this.baseUrl = settings.baseUrl.replace(/\/+$/, '');
  }

  /** `POST /create_order`: book one parcel. */
  createOrder(order: SteadfastOrderInput, opts?: CallOptions): Promise<SteadfastCreateOrderResponse> {
    return this.call('POST', '/create_order', order, opts);
  }

  /** `POST /create_order/bulk-order`: up to 500 parcels, one result per row (rows fail independently). */
  async bulkOrder(orders: SteadfastOrderInput[], opts?: CallOptions): Promise<SteadfastBulkRow[]> {
    if (orders.length === 0) return [];
    if (orders.length > STEADFAST_BULK_LIMIT) {
      throw new SteadfastError(`At most ${STEADFAST_BULK_LIMIT} orders per bulk booking`, 'rejected');
    }
    const rows = await this.call<unknown>('POST', '/create_order/bulk-order', { data: orders }, opts);
    if (!Array.isArray(rows)) throw new SteadfastError('Steadfast bulk-order answered something other than a list', 'bad_response', 200, rows);
    return rows as SteadfastBulkRow[];
  }

  /** `GET /status_by_cid/{id}` */
  statusByConsignmentId(id: number | string, opts?: CallOptions): Promise<SteadfastStatusResponse> {
    return this.call('GET', `/status_by_cid/${encodeURIComponent(String(id))}`, undefined, opts);
  }

  /** `GET /status_by_invoice/{invoice}` */
  statusByInvoice(invoice: string, opts?: CallOptions): Promise<SteadfastStatusResponse> {
    return this.call('GET', `/status_by_invoice/${encodeURIComponent(invoice)}`, undefined, opts);
  }

  /** `GET /status_by_trackingcode/{code}` */
  statusByTrackingCode(code: string, opts?: CallOptions): Promise<SteadfastStatusResponse> {
    return this.call('GET', `/status_by_trackingcode/${encodeURIComponent(code)}`, undefined, opts);
  }

  /** `GET /get_balance` */
  getBalance(opts?: CallOptions): Promise<SteadfastBalanceResponse> {
    return this.call('GET', '/get_balance', undefined, opts);
  }

  /**
   * `GET /fraud_check/{phone}`: delivered and cancelled parcel counts for a phone
   * (01XXXXXXXXX). Counts may come as numeric strings; they are read as numbers.
   */
  async fraudCheck(phone: string, opts?: CallOptions): Promise<Required<SteadfastFraudCheckResponse>> {
    const body = await this.call<Record<string, unknown>>('GET', `/fraud_check/${encodeURIComponent(phone)}`, undefined, opts);
    const delivered = count(body?.total_delivered);
    const cancelled = count(body?.total_cancelled);
    if (delivered === null || cancelled === null) {
      throw new SteadfastError('Steadfast fraud_check answered without counts', 'bad_response', 200, body);
    }
    return { total_delivered: delivered, total_cancelled: cancelled, total_parcels: count(body.total_parcels) ?? delivered + cancelled };
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body: unknown, opts: CallOptions = {}): Promise<T> {
    const timeoutMs = opts.timeoutMs ?? this.settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          'Api-Key': this.settings.apiKey,
          'Secret-Key': this.settings.secretKey,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      text = await res.text();
    } catch (err) {
      if (timeout.aborted) throw new SteadfastError(`Steadfast did not answer within ${timeoutMs} ms`, 'timeout');
      if (opts.signal?.aborted) throw new SteadfastError('Steadfast call cancelled', 'timeout');
      throw new SteadfastError(`Steadfast could not be reached: ${(err as Error).message}`, 'network');
    }
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = text;
    }
    if (res.status === 429) throw new SteadfastError('Steadfast is rate-limiting us (429)', 'rate_limited', 429, json);
    if (res.status >= 500) throw new SteadfastError(`Steadfast failed (${res.status})`, 'server', res.status, json);
    // Steadfast also reports refusals inside a 200 body as `status: 4xx`.
    const inner = json && typeof json === 'object' && !Array.isArray(json) ? (json as { status?: unknown }).status : undefined;
    if (res.status >= 400 || (typeof inner === 'number' && inner >= 400)) {
      throw new SteadfastError(providerMessage(json) ?? `Steadfast refused the request (${res.status})`, 'rejected', res.status, json);
    }
    if (json === undefined || typeof json === 'string') throw new SteadfastError('Steadfast answered something other than JSON', 'bad_response', res.status, json);
    return json as T;
  }
}

function count(v: unknown): number | null {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
}

/** The provider's own words for a refusal: `message`, or the first validation error. */
function providerMessage(json: unknown): string | null {
  if (!json || typeof json !== 'object') return null;
  const j = json as { message?: unknown; errors?: unknown; error?: unknown };
  if (j.errors && typeof j.errors === 'object') {
    const first = Object.values(j.errors as Record<string, unknown>)[0];
    const msg = Array.isArray(first) ? first[0] : first;
    if (typeof msg === 'string') return msg;
  }
  if (typeof j.message === 'string' && j.message) return j.message;
  if (typeof j.error === 'string' && j.error) return j.error;
  return null;
}
