/**
 * A thin typed client of bKash's tokenized checkout (PGW v1.2.0-beta): token
 * grant and refresh, create, execute, payment status, refund. Every call has a
 * timeout; every failure is a ProviderError that says what happened (a bKash
 * error code, a timeout, maintenance, an unreachable host), read by bkashTrouble. Field names are
 * bKash's own. Amounts travel as strings, as bKash wants them.
 */
import { z } from 'zod';
import { ProviderError, providerRequest, type RetryPolicy } from '../http';

export interface BkashCredentials {
  /** e.g. https://tokenized.sandbox.bka.sh/v1.2.0-beta; a function when only known after listen (the demo sandbox). */
  baseUrl: string | (() => string);
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  timeoutMs: number;
  /** Injectable clock (tests move it past the token's expiry). */
  now?: () => number;
}

/** Answers' shapes, bKash's field names (reference §bKash); fields the shop does not read pass through unchecked. */
const tokenSchema = z.looseObject({
  id_token: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.union([z.number(), z.string()]).optional(),
});

const createdSchema = z.looseObject({
  paymentID: z.string(),
  bkashURL: z.string(),
  amount: z.string(),
  transactionStatus: z.string(),
  merchantInvoiceNumber: z.string(),
});
export type BkashCreated = z.output<typeof createdSchema>;

const paymentSchema = z.looseObject({
  paymentID: z.string(),
  trxID: z.string().optional(),
  amount: z.string(),
  transactionStatus: z.string(),
  merchantInvoiceNumber: z.string().optional(),
  customerMsisdn: z.string().optional(),
});
export type BkashPayment = z.output<typeof paymentSchema>;

const refundSchema = z.looseObject({
  refundTrxID: z.string(),
  originalTrxID: z.string().optional(),
  amount: z.string(),
  transactionStatus: z.string(),
  completedTime: z.string().optional(),
});
export type BkashRefund = z.output<typeof refundSchema>;

/**
 * What a bKash failure means (every failure is a ProviderError, decision 0053):
 * under maintenance (bKash's "503", as an HTTP status or in the body), not
 * reached in time, a token or credentials it no longer accepts, or a refusal
 * with bKash's own code.
 */
export type BkashTrouble = 'maintenance' | 'unreachable' | 'auth' | 'refused';

export function bkashTrouble(err: ProviderError): BkashTrouble {
  if (err.code === '503') return 'maintenance';
  if (err.kind === 'timeout' || err.kind === 'network') return 'unreachable';
  if (err.kind === 'refused' && (err.status === 401 || err.status === 403)) return 'auth';
  return 'refused';
}

/** Interface the orders module depends on: the real API and the demo sandbox both speak it. */
export interface BkashGateway {
  create(input: { amount: number; payerReference: string; callbackURL: string; merchantInvoiceNumber: string }): Promise<BkashCreated>;
  execute(paymentID: string): Promise<BkashPayment>;
  status(paymentID: string): Promise<BkashPayment>;
  refund(input: { paymentID: string; trxID: string; amount: number; sku: string; reason: string }): Promise<BkashRefund>;
  refundStatus(input: { paymentID: string; trxID: string }): Promise<BkashRefund>;
}

interface Token {
  idToken: string;
  refreshToken: string;
  expiresAt: number;
}

/** Renew a little before bKash's expiry, so a token never expires in flight. */
const EXPIRY_MARGIN_MS = 60_000;

export class BkashClient implements BkashGateway {
  private token: Token | null = null;
  private granting: Promise<Token> | null = null;
  private readonly now: () => number;

  constructor(private readonly creds: BkashCredentials) {
    this.now = creds.now ?? Date.now;
  }

  private url(path: string): string {
    const base = typeof this.creds.baseUrl === 'function' ? this.creds.baseUrl() : this.creds.baseUrl;
    return `${base}/tokenized/checkout/${path}`;
  }

  /** One POST through the transport: answers the schema's value or throws a ProviderError in bKash's words. */
  private async post<S extends z.ZodType>(path: string, body: object, headers: Record<string, string>, retry: RetryPolicy, schema: S, badAnswer?: string): Promise<z.output<S>> {
    try {
      return await providerRequest({
        provider: 'bKash',
        method: 'POST',
        url: this.url(path),
        headers,
        body,
        timeoutMs: this.creds.timeoutMs,
        retry,
        schema,
        refusal: refusalOf,
        badAnswer,
      });
    } catch (err) {
      throw err instanceof ProviderError ? inBkashWords(err, this.creds.timeoutMs) : err;
    }
  }

  private async grant(): Promise<Token> {
    const { appKey, appSecret, username, password } = this.creds;
    // A token about to expire is refreshed (bKash caps refreshes, so a failed refresh falls back to a grant).
    const old = this.token;
    if (old) {
      try {
        return this.keep(await this.post('token/refresh', { app_key: appKey, app_secret: appSecret, refresh_token: old.refreshToken }, { username, password }, 'idempotent', tokenSchema));
      } catch (err) {
        if (err instanceof ProviderError && bkashTrouble(err) !== 'auth' && bkashTrouble(err) !== 'refused') throw err;
      }
    }
    return this.keep(await this.post('token/grant', { app_key: appKey, app_secret: appSecret }, { username, password }, 'idempotent', tokenSchema));
  }

  private keep(json: z.output<typeof tokenSchema>): Token {
    const expiresIn = Number(json.expires_in ?? 3600);
    const token = {
      idToken: json.id_token,
      refreshToken: json.refresh_token ?? '',
      expiresAt: this.now() + Math.max(0, expiresIn * 1000 - EXPIRY_MARGIN_MS),
    };
    this.token = token;
    return token;
  }

  /** The cached id_token while it is fresh; one grant at a time however many calls wait for it. */
  private async idToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return this.token.idToken;
    this.granting ??= this.grant().finally(() => {
      this.granting = null;
    });
    return (await this.granting).idToken;
  }

  /** An authorised call; a token bKash no longer accepts is dropped and the call made once more with a new one. */
  private async call<S extends z.ZodType>(path: string, body: object, retry: RetryPolicy, schema: S, badAnswer?: string): Promise<z.output<S>> {
    for (let attempt = 0; ; attempt++) {
      const idToken = await this.idToken();
      try {
        return await this.post(path, body, { authorization: idToken, 'x-app-key': this.creds.appKey }, retry, schema, badAnswer);
      } catch (err) {
        if (err instanceof ProviderError && bkashTrouble(err) === 'auth' && attempt === 0) {
          if (this.token?.idToken === idToken) this.token = { ...this.token, expiresAt: 0 };
          continue;
        }
        throw err;
      }
    }
  }

  /** Never retried by the transport: a second create could start a second payment. */
  async create(input: { amount: number; payerReference: string; callbackURL: string; merchantInvoiceNumber: string }): Promise<BkashCreated> {
    return this.call(
      'create',
      {
        mode: '0011',
        payerReference: input.payerReference,
        callbackURL: input.callbackURL,
        amount: String(input.amount),
        currency: 'BDT',
        intent: 'sale',
        merchantInvoiceNumber: input.merchantInvoiceNumber,
      },
      'never',
      createdSchema,
      'bKash answered create without a paymentID',
    );
  }

  /** Never retried: execute moves the money. */
  async execute(paymentID: string): Promise<BkashPayment> {
    return this.call('execute', { paymentID }, 'never', paymentSchema);
  }

  async status(paymentID: string): Promise<BkashPayment> {
    return this.call('payment/status', { paymentID }, 'idempotent', paymentSchema);
  }

  /** Never retried: a refund moves money back. */
  async refund(input: { paymentID: string; trxID: string; amount: number; sku: string; reason: string }): Promise<BkashRefund> {
    return this.call('payment/refund', { ...input, amount: String(input.amount) }, 'never', refundSchema);
  }

  /** The same URL without an amount answers the refund already made for that payment. */
  async refundStatus(input: { paymentID: string; trxID: string }): Promise<BkashRefund> {
    return this.call('payment/refund', input, 'idempotent', refundSchema);
  }
}

/** bKash's own words in an answer: statusCode/statusMessage or errorCode/errorMessage. */
const anyField = z.unknown().optional();
const saidSchema = z.looseObject({ statusCode: anyField, errorCode: anyField, statusMessage: anyField, errorMessage: anyField, message: anyField });
function said(json: unknown): { code: string; message: string } {
  const parsed = saidSchema.safeParse(json);
  const j: Partial<z.output<typeof saidSchema>> = parsed.success ? parsed.data : {};
  return { code: String(j.statusCode ?? j.errorCode ?? ''), message: String(j.statusMessage ?? j.errorMessage ?? j.message ?? '') };
}

/** A 200 whose statusCode is not "0000" is a refusal (or, with "503", maintenance). */
function refusalOf(json: unknown): { code: string; message: string } | null {
  const { code, message } = said(json);
  return code === '0000' ? null : { code, message: message || 'bKash refused the request' };
}

/** The transport's error in bKash's words (still a ProviderError of the same kind): its code and message from the body. */
function inBkashWords(err: ProviderError, timeoutMs: number): ProviderError {
  const again = (code: string, message: string) => new ProviderError(err.provider, err.kind, message, err.status, err.body, code);
  if (err.kind === 'timeout') return again('', `bKash did not answer within ${timeoutMs} ms`);
  if (err.kind === 'network') return again('', 'bKash could not be reached');
  if (err.kind === 'bad-answer') return again('', err.message);
  const { code, message } = err.status === 200 ? { code: err.code, message: err.message } : said(err.body);
  if (err.status === 503 || code === '503') return again('503', message || 'bKash is under maintenance');
  if (err.status === 401 || err.status === 403) return again(code, message || 'bKash refused the token');
  if (err.status !== 200) return again(code || String(err.status), message || `bKash answered HTTP ${err.status}`);
  return again(code, message);
}

/** "1250", "1250.00" → 1250; anything that is not whole taka → NaN (never equal to an order total). */
export function takaOf(amount: unknown): number {
  const n = Number(amount);
  return typeof amount === 'string' && /^\d+(\.\d{1,2})?$/.test(amount) && Number.isInteger(n) ? n : Number.NaN;
}
