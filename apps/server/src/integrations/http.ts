import type { z } from 'zod';

/**
 * The one HTTP transport every outside service goes through (decision 0053):
 * a deadline per call, a retry only where a second try cannot double money
 * or parcels, and one error type that sorts what went wrong. Every answer is
 * read with a zod schema; nothing a provider says is cast.
 */

/**
 * What went wrong, the same words for every provider:
 * - network: no answer at all (refused connection, reset, DNS);
 * - timeout: no answer within the call's deadline (or the caller gave up);
 * - rate-limited: HTTP 429;
 * - server: HTTP 5xx;
 * - refused: the provider answered and said no (another 4xx, or a refusal in a 2xx body);
 * - bad-answer: a 2xx that is not JSON or not the shape the schema describes.
 */
export type ProviderErrorKind = 'network' | 'timeout' | 'rate-limited' | 'server' | 'refused' | 'bad-answer';

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly kind: ProviderErrorKind,
    message: string,
    /** HTTP status, 0 when no answer came. */
    readonly status: number = 0,
    /** The answer's body: parsed JSON when it was JSON, else its text; undefined without an answer. */
    readonly body: unknown = undefined,
    /** The provider's own code for a refusal (bKash's "2056", BulkSMSBD's 1007…), empty when it gave none. */
    readonly code: string = '',
    /**
     * A 'network' failure before any byte of the request left (connection refused, no such host, connect
     * timeout): the provider cannot have acted on it, so even a call that books or charges may be sent again.
     */
    readonly unsent: boolean = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }

  /** The provider is down, slow or throttling: not the request's fault, worth trying again later. */
  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || this.kind === 'rate-limited' || this.kind === 'server';
  }
}

/** 'idempotent': the call may be sent again after a failure to connect; 'never': money or parcels (create, execute, book, send). */
export type RetryPolicy = 'idempotent' | 'never';

export interface ProviderRequest<S extends z.ZodType> {
  /** A short name for messages and logs: 'bKash', 'Steadfast', 'Pathao', 'BulkSMSBD'. */
  provider: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** A plain value is sent as JSON; URLSearchParams as a form. */
  body?: unknown;
  timeoutMs: number;
  /** The caller's own deadline on top of the call's (a page that must answer soon). */
  signal?: AbortSignal;
  retry: RetryPolicy;
  /** The shape of a good answer. */
  schema: S;
  /**
   * A refusal inside a 2xx answer (bKash's statusCode, Steadfast's inner
   * status, BulkSMSBD's response_code): return its code and message to throw
   * a 'refused' error, or null when the answer is a good one.
   */
  refusal?: (json: unknown) => { code: string; message: string } | null;
  /** The message of a 'bad-answer' error for JSON of the wrong shape, when the provider's wording matters. */
  badAnswer?: string;
  /** A 2xx with no body is the good answer (GA4's Measurement Protocol answers 204): parsed as undefined. */
  emptyAnswer?: boolean;
}

/** How many times a retryable, idempotent call is tried in all, and the pause between tries. */
export const ATTEMPTS = 2;
const RETRY_PAUSE_MS = 100;

/**
 * One call: answers the schema's parsed value or throws one ProviderError.
 * Only a failure to connect is retried, and only for an idempotent call: a
 * timeout, a 429 or a 5xx may mean the provider did (or is doing) the work,
 * and the callers already try again later on their own schedule.
 */
export async function providerRequest<S extends z.ZodType>(req: ProviderRequest<S>): Promise<z.output<S>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await once(req);
    } catch (err) {
      const again = req.retry === 'idempotent' && attempt < ATTEMPTS && err instanceof ProviderError && err.kind === 'network' && !req.signal?.aborted;
      if (!again) throw err;
      await new Promise((r) => setTimeout(r, RETRY_PAUSE_MS));
    }
  }
}

/** Node's (undici's) codes for a connection that was never made, so no request was sent. */
const UNSENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

async function once<S extends z.ZodType>(req: ProviderRequest<S>): Promise<z.output<S>> {
  const { res, text } = await send(req);
  const { json, isJson } = readJson(text);
  const { provider } = req;
  const { status } = res;
  if (status === 429) throw new ProviderError(provider, 'rate-limited', `${provider} is rate-limiting us (429)`, status, json);
  if (status >= 500) throw new ProviderError(provider, 'server', `${provider} failed (${status})`, status, json);
  if (status >= 400) throw new ProviderError(provider, 'refused', `${provider} refused the request (${status} ${res.statusText})`.trimEnd(), status, json);
  if (req.emptyAnswer && text === '') return req.schema.parse(undefined);
  if (!isJson || json === undefined) throw new ProviderError(provider, 'bad-answer', `${provider} answered something that is not JSON`, status, json);
  const refused = req.refusal?.(json);
  if (refused) throw new ProviderError(provider, 'refused', refused.message, status, json, refused.code);
  const parsed = req.schema.safeParse(json);
  if (!parsed.success) {
    throw new ProviderError(provider, 'bad-answer', req.badAnswer ?? `${provider} answered an unexpected shape: ${parsed.error.issues[0]?.message ?? ''}`, status, json);
  }
  return parsed.data;
}

/** Sends the request and reads the whole answer; a timeout, a cancel or no connection is a ProviderError. */
async function send<S extends z.ZodType>(req: ProviderRequest<S>): Promise<{ res: Response; text: string }> {
  const { provider } = req;
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([timeout, req.signal]) : timeout;
  const form = req.body instanceof URLSearchParams;
  try {
    const res = await fetch(req.url, {
      method: req.method,
      headers: { accept: 'application/json', ...(req.body !== undefined && !form && { 'content-type': 'application/json' }), ...req.headers },
      body: req.body === undefined ? undefined : form ? (req.body as URLSearchParams) : JSON.stringify(req.body),
      signal,
    });
    return { res, text: await res.text() };
  } catch (err) {
    if (timeout.aborted) throw new ProviderError(provider, 'timeout', `${provider} did not answer within ${req.timeoutMs} ms`);
    if (req.signal?.aborted) throw new ProviderError(provider, 'timeout', `${provider} call cancelled`);
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const unsent = UNSENT_CODES.has(cause?.code ?? '');
    throw new ProviderError(provider, 'network', `${provider} could not be reached: ${cause?.code ?? (err as Error).message}`, 0, undefined, '', unsent);
  }
}

/** The answer's JSON (undefined when empty), or its text when it is not JSON. */
function readJson(text: string): { json: unknown; isJson: boolean } {
  try {
    return { json: text === '' ? undefined : JSON.parse(text), isJson: true };
  } catch {
    return { json: text, isJson: false };
  }
}
