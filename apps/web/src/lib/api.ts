import type { ApiResponse } from '@haat/shared/api';
import { messagesReady, translateError, translateMessage } from '@/i18n/messages';

/** An API failure carrying the server's message (spec §8: shown in the error toast). */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly body?: unknown,
    /** False when the message is our own fallback, not text the server sent. */
    public readonly fromServer = false,
    /** The error's code (the shared catalogue's, decision 0052, or the web's own REQUEST_FAILED); none from an older server. */
    public readonly code?: string,
    /** The code's parameters: `{ n: 7 }` for STOCK_CHANGED. */
    public readonly params: Record<string, string | number> = {},
    /** Seconds until asking again may succeed (the answer's Retry-After: a rate limit, the SMS codes' caps). */
    public readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The browser's HTTP cache mode; admin screens revalidate ('no-cache') what the shop caches for 30 s. */
  cache?: RequestCache;
  /** Bytes of the body sent so far; the request then goes by XMLHttpRequest (fetch reports no upload progress). */
  onUploadProgress?: (loaded: number, total: number) => void;
}

interface Answer {
  ok: boolean;
  status: number;
  /** The parsed body, or null when it was not JSON. */
  json: unknown;
  /** Retry-After in seconds, when the answer has one. */
  retryAfter?: number;
}

export const networkError = () => new ApiError('Network error. Please check your connection and try again.', 0);

/** A refused request as an ApiError: the server's message when its body has one, else the status. */
export function failureOf(status: number, json: unknown, retryAfter?: number): ApiError {
  const { message, code, params } = (json ?? {}) as { message?: unknown; code?: unknown; params?: unknown };
  const p = params && typeof params === 'object' ? (params as Record<string, string | number>) : {};
  return typeof message === 'string' && message
    ? new ApiError(message, status, json, true, typeof code === 'string' ? code : undefined, p, retryAfter)
    : new ApiError(`Request failed (${status}).`, status, json, false, 'REQUEST_FAILED', { status }, retryAfter);
}

/** Retry-After's seconds (a date there is not used by our server), or undefined. */
const secondsOf = (header: string | null): number | undefined => {
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
};

/** How the server rendering a page (issue 25) answers the page's reads in-process, without a network hop. */
type ServerTransport = (url: string, headers: Record<string, string>) => Promise<Answer>;
let serverTransport: ServerTransport | undefined;
export function answerOnServer(transport: ServerTransport | undefined): void {
  serverTransport = transport;
}

async function sendFetch(url: string, opts: RequestOptions, headers: Record<string, string>, body: BodyInit | undefined): Promise<Answer> {
  if (serverTransport) return serverTransport(url, headers);
  let res: Response;
  try {
    res = await fetch(url, { method: opts.method ?? 'GET', headers, body, signal: opts.signal, cache: opts.cache });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw networkError();
  }
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    // A body that is not JSON (proxy error page): fall through to a generic message.
  }
  return { ok: res.ok, status: res.status, json, retryAfter: secondsOf(res.headers.get('retry-after')) };
}

/** The same request through XMLHttpRequest, reporting upload progress; an abort is 'Upload cancelled.'. */
function sendXhr(url: string, opts: RequestOptions, headers: Record<string, string>, body: BodyInit | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'GET', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => opts.onUploadProgress?.(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: the generic message below.
      }
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, json });
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new ApiError('Upload cancelled.', 0));
    if (opts.signal?.aborted) return reject(new ApiError('Upload cancelled.', 0));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

/**
 * The plain client: JSON or FormData in, the { success, message, data } envelope out.
 * `R` names the whole reply where a route adds fields beside the envelope's (delivery settings).
 */
export async function request<T = unknown, R extends ApiResponse<T> = ApiResponse<T>>(path: string, opts: RequestOptions = {}): Promise<R> {
  const headers: Record<string, string> = { ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const url = `/api/${path.replace(/^\//, '')}`;
  let res: Answer;
  try {
    res = await (opts.onUploadProgress ? sendXhr : sendFetch)(url, opts, headers, body);
  } catch (err) {
    await messagesReady();
    throw err;
  }
  const envelope = res.json as R | null;
  const failed = !res.ok || !envelope || envelope.success === false;
  // A refusal or a change's answer carries a message to show: in Bangla, its tables come first (decision 0089).
  if (failed || (opts.method && opts.method !== 'GET')) await messagesReady();
  if (failed) throw failureOf(res.status, res.json, res.retryAfter);
  return envelope!;
}

/** §8 generic handler text: the server's message if present, else the error's own. */
export function errorMessage(err: unknown): string {
  // Server and client messages are English; the shopper reads them in the UI's language (issue 14).
  if (err instanceof ApiError && err.code) return translateError(err.code, err.params, err.message);
  if (err instanceof Error) return translateMessage(err.message);
  return translateMessage('Something went wrong.');
}
