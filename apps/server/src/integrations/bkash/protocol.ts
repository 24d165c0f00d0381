import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatTaka } from '@haat/shared/money';
import { escapeHtml } from '../../lib/html';

/**
 * bKash's tokenized checkout protocol in memory: the demo's sandbox and the
 * tests' fake both serve it, so the shop's client always talks real HTTP to
 * the documented routes, field names (amounts as strings, statusCode "0000")
 * and error codes. Per paymentID: Initiated → (the customer approves, then the
 * merchant executes) Completed, or → Cancelled / Failure.
 */

export interface LedgerCredentials {
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
}

interface Payment {
  paymentID: string;
  payerReference: string;
  callbackURL: string;
  amount: string;
  merchantInvoiceNumber: string;
  createdAt: number;
  state: 'Initiated' | 'Completed' | 'Cancelled' | 'Failure';
  /** The customer approved on the bKash page; money moves only when the merchant executes. */
  approved: boolean;
  trxID?: string;
  customerMsisdn?: string;
  executedAt?: number;
  refunds: { refundTrxID: string; amount: number; reason: string; at: number }[];
}

/** Faults the tests switch on; the demo never does. */
export interface LedgerFaults {
  /** Every call answers 503 (bKash maintenance). */
  maintenance: boolean;
  /** Execute completes the payment, then answers only after this many ms (a timed-out execute whose money moved). */
  executeDelayMs: number;
  /** Every invoice number counts as used already (by another system on the same merchant account): create answers 2029. */
  invoicesTaken: boolean;
}

const TOKEN_TTL_S = 3600;
const DIGITS = '0123456789';
const ID_ALPHABET = `${DIGITS}ABCDEFGHIJKLMNOPQRSTUVWXYZ`;
const PAYMENT_TTL_MS = 24 * 3600_000;

export class BkashLedger {
  readonly payments = new Map<string, Payment>();
  private readonly invoices = new Set<string>();
  private readonly tokens = new Map<string, number>();
  private readonly refreshTokens = new Set<string>();
  faults: LedgerFaults = { maintenance: false, executeDelayMs: 0, invoicesTaken: false };
  /** Calls received, by route: tests count executes. */
  readonly calls: Record<string, number> = {};

  constructor(
    readonly creds: LedgerCredentials,
    /** Injectable clock: tests move it past a token's expiry. */
    public now: () => number = Date.now,
  ) {}

  /**
   * A random id, like bKash's own (TR0011…, 6H7801QFYM): a counter would let anyone walk the sandbox's
   * payment pages (the buyer's number and order id) and would start again at 1 after a restart, giving
   * ids the shop already holds.
   */
  private next(prefix: string, width: number, alphabet = ID_ALPHABET): string {
    let id = prefix;
    for (let i = 0; i < width; i++) id += alphabet[randomInt(alphabet.length)];
    return id;
  }

  private time(at: number): string {
    // bKash's own format, e.g. 2025-12-09T16:12:43:828 GMT+0600.
    const d = new Date(at + 6 * 3600_000).toISOString();
    return `${d.slice(0, 19)}:${d.slice(20, 23)} GMT+0600`;
  }

  grant(username: unknown, password: unknown, body: Record<string, unknown>) {
    if (username !== this.creds.username || password !== this.creds.password) return { http: 401, body: { statusCode: '4001', statusMessage: 'Invalid username or password' } };
    if (body.app_key !== this.creds.appKey || body.app_secret !== this.creds.appSecret) return { http: 200, body: { errorCode: '2001', errorMessage: 'Invalid App Key' } };
    if (body.refresh_token !== undefined && !this.refreshTokens.has(String(body.refresh_token))) return { http: 200, body: { statusCode: '2079', statusMessage: 'Invalid refresh token' } };
    const idToken = `idt.${this.next('', 32)}`;
    const refreshToken = `rft.${this.next('', 32)}`;
    this.tokens.set(idToken, this.now() + TOKEN_TTL_S * 1000);
    this.refreshTokens.add(refreshToken);
    return { http: 200, body: { statusCode: '0000', statusMessage: 'Successful', id_token: idToken, token_type: 'Bearer', expires_in: TOKEN_TTL_S, refresh_token: refreshToken } };
  }

  /** The checks of every authorised call: a live id_token and the right X-APP-Key. */
  authorise(authorization: unknown, appKey: unknown): { http: number; body: object } | null {
    const expiresAt = typeof authorization === 'string' ? this.tokens.get(authorization.replace(/^Bearer /, '')) : undefined;
    if (expiresAt === undefined) return { http: 401, body: { message: 'Unauthorized' } };
    if (this.now() >= expiresAt) return { http: 401, body: { message: 'The incoming token has expired' } };
    if (appKey !== this.creds.appKey) return { http: 200, body: { errorCode: '2001', errorMessage: 'Invalid App Key' } };
    return null;
  }

  create(body: Record<string, unknown>, payPage: (paymentID: string, callbackURL: string) => string) {
    const fields = ['mode', 'payerReference', 'callbackURL', 'amount', 'currency', 'intent', 'merchantInvoiceNumber'];
    if (fields.some((f) => typeof body[f] !== 'string' || body[f] === '')) return fail('2065', 'Mandatory field missing');
    const b = body as Record<string, string>;
    if (b.mode !== '0011' || b.currency !== 'BDT' || b.intent !== 'sale') return fail('2008', 'Invalid mode, currency or intent');
    if (!/^\d+(\.\d{1,2})?$/.test(b.amount!) || Number(b.amount) <= 0) return fail('2007', 'Invalid amount');
    if (b.merchantInvoiceNumber!.length > 255 || /[<>&]/.test(b.merchantInvoiceNumber!)) return fail('2006', 'Invalid merchant invoice number');
    if (this.invoices.has(b.merchantInvoiceNumber!) || this.faults.invoicesTaken) return fail('2029', 'Duplicate for all transactions');
    this.invoices.add(b.merchantInvoiceNumber!);
    const paymentID = this.next('TR0011', 16);
    const p: Payment = {
      paymentID,
      payerReference: b.payerReference!,
      callbackURL: b.callbackURL!,
      amount: b.amount!,
      merchantInvoiceNumber: b.merchantInvoiceNumber!,
      createdAt: this.now(),
      state: 'Initiated',
      approved: false,
      refunds: [],
    };
    this.payments.set(paymentID, p);
    const callback = (status: string) => `${p.callbackURL}?paymentID=${paymentID}&status=${status}`;
    return ok({
      paymentID,
      bkashURL: payPage(paymentID, p.callbackURL),
      callbackURL: p.callbackURL,
      successCallbackURL: callback('success'),
      failureCallbackURL: callback('failure'),
      cancelledCallbackURL: callback('cancel'),
      amount: p.amount,
      intent: 'sale',
      currency: 'BDT',
      paymentCreateTime: this.time(p.createdAt),
      transactionStatus: 'Initiated',
      merchantInvoiceNumber: p.merchantInvoiceNumber,
    });
  }

  private find(paymentID: unknown): Payment | null {
    const p = typeof paymentID === 'string' ? this.payments.get(paymentID) : undefined;
    if (!p) return null;
    if (p.state === 'Initiated' && this.now() - p.createdAt > PAYMENT_TTL_MS) p.state = 'Failure';
    return p;
  }

  private details(p: Payment) {
    return {
      paymentID: p.paymentID,
      payerReference: p.payerReference,
      ...(p.customerMsisdn && { customerMsisdn: p.customerMsisdn }),
      ...(p.trxID && { trxID: p.trxID }),
      amount: p.amount,
      transactionStatus: p.state,
      ...(p.executedAt && { paymentExecuteTime: this.time(p.executedAt) }),
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: p.merchantInvoiceNumber,
    };
  }

  /** The customer on the bKash page: approve (wallet, OTP, PIN), cancel, or fail. Answers where the page sends them. */
  customer(paymentID: string, action: 'approve' | 'cancel' | 'fail'): string | null {
    const p = this.find(paymentID);
    if (!p) return null;
    if (p.state === 'Initiated' && !p.approved) {
      if (action === 'approve') {
        p.approved = true;
        p.customerMsisdn = '01770618575';
      } else p.state = action === 'cancel' ? 'Cancelled' : 'Failure';
    }
    const status = action === 'approve' ? 'success' : action === 'cancel' ? 'cancel' : 'failure';
    return `${p.callbackURL}?paymentID=${encodeURIComponent(p.paymentID)}&status=${status}`;
  }

  execute(body: Record<string, unknown>) {
    const p = this.find(body.paymentID);
    if (!p) return fail('2002', 'Invalid Payment ID');
    if (p.state === 'Completed') return fail('2062', 'The payment has already been completed');
    if (p.state !== 'Initiated' || !p.approved) return fail('2056', 'Invalid Payment State');
    p.state = 'Completed';
    p.executedAt = this.now();
    p.trxID = this.next('TRX', 10, DIGITS);
    return ok(this.details(p));
  }

  status(body: Record<string, unknown>) {
    const p = this.find(body.paymentID);
    if (!p) return fail('2002', 'Invalid Payment ID');
    return ok(this.details(p));
  }

  refund(body: Record<string, unknown>) {
    const p = this.find(body.paymentID);
    if (!p) return fail('2002', 'Invalid Payment ID');
    if (p.state !== 'Completed' || body.trxID !== p.trxID) return fail('2056', 'Invalid Payment State');
    const refundView = (r: Payment['refunds'][number]) =>
      ok({ originalTrxID: p.trxID, refundTrxID: r.refundTrxID, transactionStatus: 'Completed', amount: String(r.amount), currency: 'BDT', charge: '0.00', completedTime: this.time(r.at) });
    // Without an amount: the status of the refund already made.
    if (body.amount === undefined) {
      const last = p.refunds.at(-1);
      return last ? refundView(last) : fail('2002', 'No refund found for this payment');
    }
    if (typeof body.amount !== 'string' || !/^\d+(\.\d{1,2})?$/.test(body.amount) || typeof body.reason !== 'string' || !body.reason || typeof body.sku !== 'string') {
      return fail('2065', 'Mandatory field missing');
    }
    const refunded = p.refunds.reduce((sum, r) => sum + r.amount, 0);
    if (refunded + Number(body.amount) > Number(p.amount)) return fail('2026', 'The reversal amount cannot be greater than the original transaction amount');
    const r = { refundTrxID: this.next('RFD', 10, DIGITS), amount: Number(body.amount), reason: body.reason, at: this.now() };
    p.refunds.push(r);
    return refundView(r);
  }

  searchTransaction(body: Record<string, unknown>) {
    const p = [...this.payments.values()].find((x) => x.trxID !== undefined && x.trxID === body.trxID);
    if (!p) return fail('2002', 'Invalid trxID');
    return ok({ trxID: p.trxID, amount: p.amount, transactionStatus: p.state, currency: 'BDT', customerMsisdn: p.customerMsisdn, transactionType: '10002294' });
  }
}

function ok(body: object) {
  return { http: 200, body: { ...body, statusCode: '0000', statusMessage: 'Successful' } };
}

function fail(code: string, message: string) {
  return { http: 200, body: { statusCode: code, statusMessage: message } };
}

/**
 * Mounts the protocol on `app` under `prefix`: the API routes under
 * `${prefix}/tokenized/checkout/…` and the customer's page at `${prefix}/pay`.
 * `payPageBase(callbackURL)` tells where the page is reachable by the
 * shopper's browser (the sandbox lives on the shop's own origin).
 */
export function mountBkashProtocol(app: FastifyInstance, ledger: BkashLedger, prefix: string, payPageBase: (callbackURL: string) => string): void {
  mountCheckoutApi(app, ledger, prefix, payPageBase);
  mountCustomerPage(app, ledger, prefix);
}

/** The tokenized checkout API the merchant calls, under `${prefix}/tokenized/checkout/…`. */
function mountCheckoutApi(app: FastifyInstance, ledger: BkashLedger, prefix: string, payPageBase: (callbackURL: string) => string): void {
  const send = (reply: FastifyReply, r: { http: number; body: object }) => reply.code(r.http).send(r.body);
  const guard = (req: FastifyRequest, reply: FastifyReply, route: string): boolean => {
    ledger.calls[route] = (ledger.calls[route] ?? 0) + 1;
    if (ledger.faults.maintenance) {
      void reply.code(503).send({ errorCode: '503', errorMessage: 'Service is under maintenance. Please try again later.' });
      return false;
    }
    if (route === 'grant' || route === 'refresh') return true;
    const denied = ledger.authorise(req.headers.authorization, req.headers['x-app-key']);
    if (denied) void send(reply, denied);
    return !denied;
  };
  const body = (req: FastifyRequest) => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});
  const base = `${prefix}/tokenized/checkout`;

  app.post(`${base}/token/grant`, async (req, reply) => guard(req, reply, 'grant') && send(reply, ledger.grant(req.headers.username, req.headers.password, body(req))));
  app.post(`${base}/token/refresh`, async (req, reply) => {
    if (!guard(req, reply, 'refresh')) return reply;
    const b = body(req);
    return send(reply, ledger.grant(req.headers.username, req.headers.password, { ...b, refresh_token: b.refresh_token ?? '' }));
  });
  app.post(`${base}/create`, async (req, reply) => {
    if (!guard(req, reply, 'create')) return reply;
    return send(reply, ledger.create(body(req), (id, callbackURL) => `${payPageBase(callbackURL)}${prefix}/pay?paymentID=${encodeURIComponent(id)}`));
  });
  app.post(`${base}/execute`, async (req, reply) => {
    if (!guard(req, reply, 'execute')) return reply;
    const result = ledger.execute(body(req));
    // The money has moved; the answer arrives too late for the merchant's timeout.
    if (ledger.faults.executeDelayMs > 0) await new Promise((r) => setTimeout(r, ledger.faults.executeDelayMs));
    return send(reply, result);
  });
  app.post(`${base}/payment/status`, async (req, reply) => guard(req, reply, 'status') && send(reply, ledger.status(body(req))));
  app.post(`${base}/payment/refund`, async (req, reply) => guard(req, reply, 'refund') && send(reply, ledger.refund(body(req))));
  app.post(`${base}/general/searchTransaction`, async (req, reply) => guard(req, reply, 'search') && send(reply, ledger.searchTransaction(body(req))));
}

/** The customer's page: what bKash shows between create and the callback, clearly marked as a sandbox. */
function mountCustomerPage(app: FastifyInstance, ledger: BkashLedger, prefix: string): void {
  app.get(`${prefix}/pay`, async (req, reply) => {
    const id = String((req.query as Record<string, unknown>).paymentID ?? '');
    const p = ledger.payments.get(id);
    if (!p) return reply.code(404).type('text/html; charset=utf-8').send(page('Payment not found', '<p>This sandbox payment does not exist or has expired.</p>'));
    const action = (what: string) => `${prefix}/pay/${encodeURIComponent(p.paymentID)}/${what}`;
    const open = p.state === 'Initiated' && !p.approved;
    const body = `
      <p class="note">This is Haat's <strong>bKash sandbox</strong> for the demo. It speaks bKash's checkout protocol, but no real money moves and no bKash account is needed.</p>
      <dl>
        <dt>Invoice</dt><dd>${escapeHtml(p.merchantInvoiceNumber)}</dd>
        <dt>Amount</dt><dd data-testid="sandbox-amount">${escapeHtml(formatTaka(Number(p.amount)))}</dd>
        <dt>Wallet</dt><dd>${escapeHtml(p.payerReference)}</dd>
      </dl>
      ${
        open
          ? `<form method="post" action="${action('approve')}"><button class="approve" type="submit">Approve</button></form>
             <form method="post" action="${action('cancel')}"><button class="cancel" type="submit">Cancel</button></form>`
          : `<p>This payment is ${escapeHtml(p.approved && p.state === 'Initiated' ? 'approved' : p.state)}.</p>`
      }`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page('bKash sandbox', body));
  });
  for (const what of ['approve', 'cancel', 'fail'] as const) {
    app.post(`${prefix}/pay/:paymentID/${what}`, async (req, reply) => {
      const to = ledger.customer((req.params as { paymentID: string }).paymentID, what);
      if (!to) return reply.code(404).send({ message: 'No such payment' });
      return reply.redirect(to, 303);
    });
  }
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #fdf2f7; color: #1f2937; }
  header { background: #e2136e; color: #fff; padding: 1rem; text-align: center; }
  header h1 { margin: 0; font-size: 1.4rem; }
  header p { margin: .25rem 0 0; font-weight: 600; letter-spacing: .05em; }
  main { max-width: 26rem; margin: 1.5rem auto; background: #fff; border-radius: .75rem; padding: 1.25rem; box-shadow: 0 1px 4px #0002; }
  .note { background: #fff7d6; border: 1px solid #f0c36d; padding: .6rem; border-radius: .5rem; font-size: .9rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; }
  dt { color: #6b7280; } dd { margin: 0; font-weight: 600; }
  form { display: inline; }
  button { font-size: 1rem; font-weight: 700; padding: .6rem 1.4rem; border-radius: .5rem; border: 0; cursor: pointer; margin: .5rem .5rem 0 0; }
  .approve { background: #e2136e; color: #fff; } .cancel { background: #e5e7eb; color: #111827; }
</style></head>
<body><header><h1>bKash sandbox</h1><p>DEMO · NO REAL MONEY</p></header><main>${body}</main></body></html>`;
}
