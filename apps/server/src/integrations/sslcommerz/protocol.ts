import { createHash, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatTaka } from '@haat/shared/money';
import { escapeHtml } from '../../lib/html';

/**
 * SSLCommerz's hosted checkout in memory: the demo's sandbox and the tests'
 * fake both serve it, so the shop's client always talks real HTTP to the
 * documented routes and field names. Per tran_id: a session (PENDING) → the
 * shopper pays (VALID, then VALIDATED once validated), fails (FAILED) or
 * cancels (CANCELLED); the shopper's browser posts back to success_url,
 * fail_url or cancel_url, and the IPN is posted to ipn_url.
 */
export interface StoreCredentials {
  storeId: string;
  storePasswd: string;
}

interface Attempt {
  tranId: string;
  sessionkey: string;
  amount: string;
  urls: { success: string; fail: string; cancel: string; ipn: string };
  status: 'PENDING' | 'VALID' | 'VALIDATED' | 'FAILED' | 'CANCELLED';
  valId?: string;
  bankTranId?: string;
  /** What actually moved (the amount-mismatch fault makes it differ from the session's). */
  paid?: string;
  riskLevel: '0' | '1';
  riskTitle: string;
  refunds: { refundRefId: string; amount: number; remarks: string }[];
}

/** Faults the tests switch on; the demo never does. */
export interface SslcommerzFaults {
  /** The next payment is marked risky (risk_level 1). */
  risky: boolean;
  /** The next payment moves this many taka instead of the session's amount. */
  payAmount: number | null;
  /** The validation API answers after this many ms (a merchant's timeout). */
  validateDelayMs: number;
  /** Every API call answers HTTP 500. */
  down: boolean;
}

export type IpnFields = Record<string, string>;
const noFaults = (): SslcommerzFaults => ({ risky: false, payAmount: null, validateDelayMs: 0, down: false });
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export class SslcommerzLedger {
  readonly attempts = new Map<string, Attempt>();
  private readonly byValId = new Map<string, string>();
  private readonly bySession = new Map<string, string>();
  private seq = 0;
  faults: SslcommerzFaults = noFaults();
  readonly calls: Record<string, number> = {};
  /** Where IPNs go: the demo posts them over HTTP; tests deliver them to the app under test. */
  deliverIpn: (url: string, fields: IpnFields) => Promise<void> = async (url, fields) => {
    await fetch(url, { method: 'POST', body: new URLSearchParams(fields) }).catch(() => undefined);
  };

  constructor(private readonly creds: StoreCredentials) {}

  reset(): void {
    this.faults = noFaults();
  }

  private authorised(q: Record<string, string>): boolean {
    return q.store_id === this.creds.storeId && q.store_passwd === this.creds.storePasswd;
  }

  private next(prefix: string): string {
    this.seq++;
    return `${prefix}${String(this.seq).padStart(6, '0')}${randomInt(1000, 9999)}`;
  }

  session(f: Record<string, string>, pageUrl: (sessionkey: string) => string): object {
    if (!this.authorised(f)) return { status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active' };
    const required = ['total_amount', 'currency', 'tran_id', 'success_url', 'fail_url', 'cancel_url', 'cus_name', 'cus_phone', 'cus_email', 'cus_add1', 'cus_city', 'cus_country', 'shipping_method', 'product_name', 'product_category', 'product_profile'];
    const missing = required.find((k) => !f[k]);
    if (missing) return { status: 'FAILED', failedreason: `Invalid Information: '${missing}' is missing` };
    if (!/^\d+(\.\d{1,2})?$/.test(f.total_amount!) || Number(f.total_amount) < 10) return { status: 'FAILED', failedreason: 'Invalid Information: total_amount must be 10.00 BDT or more' };
    if (f.currency !== 'BDT') return { status: 'FAILED', failedreason: 'Invalid Information: currency' };
    if (this.attempts.has(f.tran_id!)) return { status: 'FAILED', failedreason: 'Duplicate tran_id' };
    const sessionkey = this.next('SK').padEnd(32, '0');
    this.attempts.set(f.tran_id!, {
      tranId: f.tran_id!,
      sessionkey,
      amount: Number(f.total_amount).toFixed(2),
      urls: { success: f.success_url!, fail: f.fail_url!, cancel: f.cancel_url!, ipn: f.ipn_url ?? '' },
      status: 'PENDING',
      riskLevel: '0',
      riskTitle: 'Safe',
      refunds: [],
    });
    this.bySession.set(sessionkey, f.tran_id!);
    return { status: 'SUCCESS', failedreason: '', sessionkey, GatewayPageURL: pageUrl(sessionkey), storeBanner: '', storeLogo: '', desc: [] };
  }

  attemptOfSession(sessionkey: string): Attempt | undefined {
    const tranId = this.bySession.get(sessionkey);
    return tranId ? this.attempts.get(tranId) : undefined;
  }

  /** The fields SSLCommerz posts (to the shopper's return URL and to the IPN), with verify_sign over verify_key's fields. */
  fieldsOf(a: Attempt): IpnFields {
    const fields: IpnFields = {
      tran_id: a.tranId,
      val_id: a.valId ?? '',
      amount: a.paid ?? a.amount,
      store_amount: a.paid ? (Number(a.paid) * 0.975).toFixed(2) : '0.00',
      currency: 'BDT',
      bank_tran_id: a.bankTranId ?? '',
      card_type: a.valId ? 'BKASH-BKash' : '',
      status: a.status === 'VALIDATED' ? 'VALID' : a.status,
      tran_date: '2026-12-07 12:00:00',
      currency_type: 'BDT',
      currency_amount: a.paid ?? a.amount,
      risk_level: a.riskLevel,
      risk_title: a.riskTitle,
    };
    const keys = Object.keys(fields).sort();
    fields.verify_key = keys.join(',');
    const signed = [...keys, 'store_passwd'].sort().map((k) => `${k}=${k === 'store_passwd' ? md5(this.creds.storePasswd) : fields[k]}`).join('&');
    fields.verify_sign = md5(signed);
    return fields;
  }

  /** The shopper presses a button on the gateway page: the return URL to post to, the fields, and the IPN sent. */
  async customer(sessionkey: string, action: 'pay' | 'fail' | 'cancel'): Promise<{ to: string; fields: IpnFields } | null> {
    const a = this.attemptOfSession(sessionkey);
    if (!a || a.status !== 'PENDING') return null;
    if (action === 'pay') {
      a.status = 'VALID';
      a.valId = this.next('VAL');
      a.bankTranId = this.next('BTR');
      a.paid = this.faults.payAmount !== null ? this.faults.payAmount.toFixed(2) : a.amount;
      if (this.faults.risky) [a.riskLevel, a.riskTitle] = ['1', 'Risky'];
    } else a.status = action === 'fail' ? 'FAILED' : 'CANCELLED';
    const fields = this.fieldsOf(a);
    if (a.urls.ipn) await this.deliverIpn(a.urls.ipn, fields);
    return { to: action === 'pay' ? a.urls.success : action === 'fail' ? a.urls.fail : a.urls.cancel, fields };
  }

  validate(q: Record<string, string>): object {
    if (!this.authorised(q)) return { status: 'INVALID_TRANSACTION', APIConnect: 'INVALID_REQUEST' };
    const a = this.attempts.get(this.byValId.get(q.val_id ?? '') ?? '') ?? [...this.attempts.values()].find((x) => x.valId === q.val_id);
    if (!a || !a.valId || (a.status !== 'VALID' && a.status !== 'VALIDATED')) return { status: 'INVALID_TRANSACTION' };
    this.byValId.set(a.valId, a.tranId);
    const status = a.status;
    a.status = 'VALIDATED';
    const f = this.fieldsOf(a);
    return { ...f, status, val_id: a.valId, tran_id: a.tranId, APIConnect: 'DONE', validated_on: '2026-12-07 12:00:05', gw_version: '' };
  }

  query(q: Record<string, string>): object {
    if (!this.authorised(q)) return { APIConnect: 'INVALID_REQUEST' };
    if (q.refund_ref_id) return this.refundStatus(q.refund_ref_id);
    if (q.bank_tran_id) return this.refund(q);
    const a = this.attempts.get(q.tran_id ?? '');
    if (!a || a.status === 'PENDING') return { APIConnect: 'DONE', no_of_trans_found: 0, element: [] };
    const f = this.fieldsOf(a);
    return { APIConnect: 'DONE', no_of_trans_found: 1, element: [{ ...f, status: a.status }] };
  }

  private refund(q: Record<string, string>): object {
    const a = [...this.attempts.values()].find((x) => x.bankTranId === q.bank_tran_id);
    if (!a || !a.paid) return { APIConnect: 'DONE', bank_tran_id: q.bank_tran_id, status: 'failed', errorReason: 'Invalid bank_tran_id' };
    const amount = Number(q.refund_amount);
    const left = Number(a.paid) - a.refunds.reduce((s, r) => s + r.amount, 0);
    if (!(amount > 0) || amount > left) return { APIConnect: 'DONE', bank_tran_id: q.bank_tran_id, status: 'failed', errorReason: 'Refund amount is greater than the transaction amount' };
    const refundRefId = this.next('RF');
    a.refunds.push({ refundRefId, amount, remarks: q.refund_remarks ?? '' });
    return { APIConnect: 'DONE', bank_tran_id: q.bank_tran_id, trans_id: a.tranId, refund_ref_id: refundRefId, status: 'success', errorReason: '' };
  }

  private refundStatus(refundRefId: string): object {
    for (const a of this.attempts.values()) {
      const r = a.refunds.find((x) => x.refundRefId === refundRefId);
      if (r) return { APIConnect: 'DONE', bank_tran_id: a.bankTranId, tran_id: a.tranId, refund_ref_id: refundRefId, status: 'refunded', errorReason: '' };
    }
    return { APIConnect: 'DONE', status: 'failed', errorReason: 'Invalid refund_ref_id' };
  }
}

const queryOf = (req: FastifyRequest) => (req.query ?? {}) as Record<string, string>;
const formOf = (req: FastifyRequest) => (req.body && typeof req.body === 'object' ? (req.body as Record<string, string>) : {});

/** The API under `prefix` (gwprocess, validator) and the gateway page the shopper pays on. */
export function mountSslcommerzProtocol(app: FastifyInstance, ledger: SslcommerzLedger, prefix: string, pageBase: (successUrl: string) => string): void {
  const count = (route: string) => (ledger.calls[route] = (ledger.calls[route] ?? 0) + 1);
  app.post(`${prefix}/gwprocess/v4/api.php`, async (req, reply) => {
    count('session');
    if (ledger.faults.down) return reply.code(500).send('Internal Server Error');
    const form = formOf(req);
    return ledger.session(form, (key) => `${pageBase(form.success_url ?? '')}${prefix}/gwprocess/v4/gw.php?Q=pay&SESSIONKEY=${key}`);
  });
  app.get(`${prefix}/validator/api/validationserverAPI.php`, async (req, reply) => {
    count('validate');
    if (ledger.faults.down) return reply.code(500).send('Internal Server Error');
    const answer = ledger.validate(queryOf(req));
    if (ledger.faults.validateDelayMs > 0) await new Promise((r) => setTimeout(r, ledger.faults.validateDelayMs));
    return answer;
  });
  app.get(`${prefix}/validator/api/merchantTransIDvalidationAPI.php`, async (req, reply) => {
    count(queryOf(req).bank_tran_id ? 'refund' : 'query');
    if (ledger.faults.down) return reply.code(500).send('Internal Server Error');
    return ledger.query(queryOf(req));
  });
  app.get(`${prefix}/gwprocess/v4/gw.php`, async (req, reply) => {
    const key = queryOf(req).SESSIONKEY ?? '';
    const a = ledger.attemptOfSession(key);
    if (!a) return reply.code(404).type('text/html; charset=utf-8').send(page('Session not found', '<p>This sandbox session does not exist.</p>'));
    const action = (what: string) => `${prefix}/gwprocess/v4/gw.php/${encodeURIComponent(key)}/${what}`;
    const open = a.status === 'PENDING';
    const body = `
      <p class="note">This is Haat's <strong>SSLCommerz sandbox</strong>. It speaks SSLCommerz's protocol, but no real money moves and no card or wallet is needed.</p>
      <dl><dt>Transaction</dt><dd>${escapeHtml(a.tranId)}</dd><dt>Amount</dt><dd data-testid="sandbox-amount">${escapeHtml(formatTaka(Number(a.amount)))}</dd></dl>
      ${open ? ['pay', 'fail', 'cancel'].map((w) => `<form method="post" action="${action(w)}"><button class="${w}" type="submit">${w === 'pay' ? 'Pay' : w === 'fail' ? 'Fail' : 'Cancel'}</button></form>`).join('') : `<p>This payment is ${escapeHtml(a.status)}.</p>`}`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page('SSLCommerz sandbox', body));
  });
  // The return form submits itself, as SSLCommerz's does: a script file, which the shop's CSP (script-src 'self') allows.
  app.get(`${prefix}/gwprocess/v4/back.js`, async (_req, reply) => reply.type('text/javascript').send("document.getElementById('back').submit();"));
  for (const what of ['pay', 'fail', 'cancel'] as const) {
    app.post(`${prefix}/gwprocess/v4/gw.php/:key/${what}`, async (req, reply) => {
      const back = await ledger.customer((req.params as { key: string }).key, what);
      if (!back) return reply.code(404).send({ message: 'No such session' });
      // SSLCommerz sends the shopper back by an auto-submitted POST form.
      const inputs = Object.entries(back.fields).map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');
      return reply.type('text/html; charset=utf-8').send(page('Returning to the shop', `<form id="back" method="post" action="${escapeHtml(back.to)}">${inputs}<button type="submit">Return to the shop</button></form><script src="${prefix}/gwprocess/v4/back.js"></script>`));
    });
  }
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #eef6fb; color: #1f2937; }
  header { background: #0f5c91; color: #fff; padding: 1rem; text-align: center; }
  header h1 { margin: 0; font-size: 1.4rem; } header p { margin: .25rem 0 0; font-weight: 600; letter-spacing: .05em; }
  main { max-width: 26rem; margin: 1.5rem auto; background: #fff; border-radius: .75rem; padding: 1.25rem; box-shadow: 0 1px 4px #0002; }
  .note { background: #fff7d6; border: 1px solid #f0c36d; padding: .6rem; border-radius: .5rem; font-size: .9rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; } dt { color: #6b7280; } dd { margin: 0; font-weight: 600; }
  form { display: inline; }
  button { font-size: 1rem; font-weight: 700; padding: .6rem 1.4rem; border-radius: .5rem; border: 0; cursor: pointer; margin: .5rem .5rem 0 0; background: #e5e7eb; }
  .pay { background: #0f5c91; color: #fff; }
</style></head>
<body><header><h1>SSLCommerz sandbox</h1><p>DEMO · NO REAL MONEY</p></header><main>${body}</main></body></html>`;
}
