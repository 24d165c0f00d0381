/**
 * A thin typed client of bKash's tokenized checkout (PGW v1.2.0-beta): token
 * grant and refresh, create, execute, payment status, refund. Every call has a
 * timeout; every failure is a BkashError that says what happened (a bKash
 * error code, a timeout, maintenance, an unreachable host). Field names are
 * bKash's own. Amounts travel as strings, as bKash wants them.
 */

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

export type BkashTransactionStatus = 'Initiated' | 'Completed' | 'Cancelled' | 'Failure' | 'Expired' | string;

export interface BkashCreated {
  paymentID: string;
  bkashURL: string;
  amount: string;
  transactionStatus: BkashTransactionStatus;
  merchantInvoiceNumber: string;
}

export interface BkashPayment {
  paymentID: string;
  trxID?: string;
  amount: string;
  transactionStatus: BkashTransactionStatus;
  merchantInvoiceNumber?: string;
  customerMsisdn?: string;
}

export interface BkashRefund {
  refundTrxID: string;
  originalTrxID?: string;
  amount: string;
  transactionStatus: BkashTransactionStatus;
  completedTime?: string;
}

/** What went wrong: bKash said no (code), it is under maintenance, it did not answer in time, or it could not be reached. */
export type BkashErrorKind = 'api' | 'maintenance' | 'timeout' | 'network' | 'auth';

export class BkashError extends Error {
  constructor(
    public readonly kind: BkashErrorKind,
    /** bKash's statusCode / errorCode, e.g. "2056"; empty when bKash said nothing. */
    public readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BkashError';
  }
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

  /** One POST with a timeout; answers the JSON body or throws a BkashError. */
  private async post(path: string, body: object, headers: Record<string, string>): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(this.url(path), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.creds.timeoutMs),
      });
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new BkashError('timeout', '', `bKash did not answer within ${this.creds.timeoutMs} ms`);
      throw new BkashError('network', '', 'bKash could not be reached');
    }
    let json: Record<string, unknown> = {};
    try {
      const text = await res.text();
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new BkashError('timeout', '', `bKash did not answer within ${this.creds.timeoutMs} ms`);
      if (res.ok) throw new BkashError('api', '', 'bKash answered something that is not JSON');
    }
    const code = String(json.statusCode ?? json.errorCode ?? '');
    const message = String(json.statusMessage ?? json.errorMessage ?? json.message ?? res.statusText);
    if (res.status === 503 || code === '503') throw new BkashError('maintenance', '503', message || 'bKash is under maintenance');
    if (res.status === 401 || res.status === 403) throw new BkashError('auth', code, message || 'bKash refused the token');
    if (!res.ok) throw new BkashError('api', code || String(res.status), message || `bKash answered HTTP ${res.status}`);
    if (code !== '0000') throw new BkashError('api', code, message || 'bKash refused the request');
    return json;
  }

  private async grant(): Promise<Token> {
    const { appKey, appSecret, username, password } = this.creds;
    // A token about to expire is refreshed (bKash caps refreshes, so a failed refresh falls back to a grant).
    const old = this.token;
    if (old) {
      try {
        return this.keep(await this.post('token/refresh', { app_key: appKey, app_secret: appSecret, refresh_token: old.refreshToken }, { username, password }));
      } catch (err) {
        if (err instanceof BkashError && (err.kind === 'timeout' || err.kind === 'network' || err.kind === 'maintenance')) throw err;
      }
    }
    return this.keep(await this.post('token/grant', { app_key: appKey, app_secret: appSecret }, { username, password }));
  }

  private keep(json: Record<string, unknown>): Token {
    const expiresIn = Number(json.expires_in ?? 3600);
    const token = {
      idToken: String(json.id_token),
      refreshToken: String(json.refresh_token ?? ''),
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
  private async call(path: string, body: object): Promise<Record<string, unknown>> {
    for (let attempt = 0; ; attempt++) {
      const idToken = await this.idToken();
      try {
        return await this.post(path, body, { authorization: idToken, 'x-app-key': this.creds.appKey });
      } catch (err) {
        if (err instanceof BkashError && err.kind === 'auth' && attempt === 0) {
          if (this.token?.idToken === idToken) this.token = { ...this.token, expiresAt: 0 };
          continue;
        }
        throw err;
      }
    }
  }

  async create(input: { amount: number; payerReference: string; callbackURL: string; merchantInvoiceNumber: string }): Promise<BkashCreated> {
    const json = await this.call('create', {
      mode: '0011',
      payerReference: input.payerReference,
      callbackURL: input.callbackURL,
      amount: String(input.amount),
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: input.merchantInvoiceNumber,
    });
    if (typeof json.paymentID !== 'string' || typeof json.bkashURL !== 'string') throw new BkashError('api', '', 'bKash answered create without a paymentID');
    return json as unknown as BkashCreated;
  }

  async execute(paymentID: string): Promise<BkashPayment> {
    return (await this.call('execute', { paymentID })) as unknown as BkashPayment;
  }

  async status(paymentID: string): Promise<BkashPayment> {
    return (await this.call('payment/status', { paymentID })) as unknown as BkashPayment;
  }

  async refund(input: { paymentID: string; trxID: string; amount: number; sku: string; reason: string }): Promise<BkashRefund> {
    return (await this.call('payment/refund', { ...input, amount: String(input.amount) })) as unknown as BkashRefund;
  }

  /** The same URL without an amount answers the refund already made for that payment. */
  async refundStatus(input: { paymentID: string; trxID: string }): Promise<BkashRefund> {
    return (await this.call('payment/refund', input)) as unknown as BkashRefund;
  }
}

/** "1250", "1250.00" → 1250; anything that is not whole taka → NaN (never equal to an order total). */
export function takaOf(amount: unknown): number {
  const n = Number(amount);
  return typeof amount === 'string' && /^\d+(\.\d{1,2})?$/.test(amount) && Number.isInteger(n) ? n : Number.NaN;
}
