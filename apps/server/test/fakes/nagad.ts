import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { NAGAD_API_VERSION, NAGAD_CURRENCY, NagadClient, openWith, sealFor, signText, verifyText } from '../../src/integrations/nagad/client';

/**
 * A faithful fake of Nagad's payment gateway (NPG v-0.2.0, decision 0128) for the tests: its own Fastify server on a
 * free port on 127.0.0.1, RSA key pairs made at start for "Nagad" and the merchant, and the crypto checked as Nagad
 * does: every sensitiveData is decrypted with Nagad's private key and its signature verified with the merchant's
 * public key; every answer is sealed for the merchant and signed by Nagad. initialize → complete → the shopper's page
 * (Pay, Abort, Fail, Cancel) → a redirect to merchantCallbackURL?merchant&order_id&payment_ref_id&status&status_code&message
 * → verify. Faults: a different amount moved, a slow verify, the API down, an answer signed by another key.
 */
export const FAKE_MERCHANT_ID = '683002007104225';
const BASE_PATH = '/remote-payment-gateway-1.0/api/dfs';
const CLIENT_TYPES = new Set(['PC_WEB', 'MOBILE_WEB', 'MOBILE_APP', 'WALLET_WEB_VIEW', 'BILL_KEY']);

type Status = 'Ready' | 'Success' | 'Aborted' | 'Failed' | 'Cancelled';
const STATUS_CODES: Record<Status, string> = { Ready: '001', Success: '000', Aborted: '002', Failed: '003', Cancelled: '004' };

export interface NagadPayment {
  paymentRefId: string;
  orderId: string;
  challenge: string;
  amount: string | null;
  callbackUrl: string;
  status: Status;
  issuerPaymentRefNo: string | null;
  moved: string | null;
  /** The headers of each call for this payment, to check what the shop sent. */
  headers: Record<string, string>[];
}

const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }) as string;

export async function startFakeNagad() {
  const npg = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const payments = new Map<string, NagadPayment>();
  const orders = new Set<string>();
  const calls: Record<string, number> = {};
  const faults = { payAmount: null as number | null, verifyDelayMs: 0, down: false, forgeAnswer: false };
  let seq = 0;
  const app = Fastify();
  let origin = '';

  const refuse = (reply: FastifyReply, status: number, reason: string, message: string) => reply.code(status).send({ reason, message });
  /** Nagad's checks of every call: the API version, the shopper's IPv4 and the client type; then the sealed, signed payload. */
  const checkHeaders = (req: FastifyRequest): string | null => {
    const h = req.headers;
    if (h['x-km-api-version'] !== NAGAD_API_VERSION) return 'Invalid API version';
    if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(String(h['x-km-ip-v4'] ?? ''))) return 'Invalid IP';
    if (!CLIENT_TYPES.has(String(h['x-km-client-type'] ?? ''))) return 'Invalid client type';
    return null;
  };
  const unseal = (body: { sensitiveData?: string; signature?: string }): Record<string, string> | 'decrypt' | 'signature' => {
    let text: string;
    try {
      text = openWith(npg.privateKey, body.sensitiveData ?? '');
    } catch {
      return 'decrypt';
    }
    return verifyText(merchant.publicKey, text, body.signature ?? '') ? (JSON.parse(text) as Record<string, string>) : 'signature';
  };
  const sealed = (value: unknown) => {
    const text = JSON.stringify(value);
    return { sensitiveData: sealFor(merchant.publicKey, value), signature: signText(faults.forgeAnswer ? stranger.privateKey : npg.privateKey, text) };
  };
  const headersOf = (req: FastifyRequest) => Object.fromEntries(Object.entries(req.headers).filter(([k]) => k.startsWith('x-km-')).map(([k, v]) => [k, String(v)]));
  const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);

  // The shopper's page posts its buttons as plain forms (no fields read).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addHook('onRequest', async (req, reply) => {
    if (faults.down && req.url.startsWith(BASE_PATH)) return reply.code(503).send({ reason: 'ServiceUnavailable', message: 'Nagad is under maintenance' });
  });

  app.post<{ Params: { merchantId: string; orderId: string }; Body: { dateTime?: string; sensitiveData?: string; signature?: string } }>(`${BASE_PATH}/check-out/initialize/:merchantId/:orderId`, async (req, reply) => {
    count('initialize');
    const bad = checkHeaders(req);
    if (bad) return refuse(reply, 400, 'InvalidRequest', bad);
    if (req.params.merchantId !== FAKE_MERCHANT_ID) return refuse(reply, 400, 'InvalidMerchant', 'Merchant not found');
    const data = unseal(req.body ?? {});
    if (data === 'decrypt') return refuse(reply, 400, 'DecryptionFailed', 'Sensitive data could not be decrypted');
    if (data === 'signature') return refuse(reply, 400, 'InvalidSignature', 'Invalid merchant signature');
    if (data.merchantId !== req.params.merchantId || data.orderId !== req.params.orderId || data.datetime !== req.body.dateTime || !/^\d{14}$/.test(req.body.dateTime ?? '') || !data.challenge) return refuse(reply, 400, 'InvalidRequest', 'Sensitive data does not match the request');
    if (orders.has(req.params.orderId)) return refuse(reply, 400, 'DuplicateOrderId', 'Order id already used');
    orders.add(req.params.orderId);
    const paymentRefId = `MDE${String(++seq).padStart(6, '0')}${req.params.orderId.slice(-6)}`;
    const challenge = `NPG${seq}${data.challenge.slice(0, 8)}`;
    payments.set(paymentRefId, { paymentRefId, orderId: req.params.orderId, challenge, amount: null, callbackUrl: '', status: 'Ready', issuerPaymentRefNo: null, moved: null, headers: [headersOf(req)] });
    return sealed({ paymentReferenceId: paymentRefId, challenge, acceptDateTime: req.body.dateTime });
  });

  app.post<{ Params: { ref: string }; Body: { sensitiveData?: string; signature?: string; merchantCallbackURL?: string } }>(`${BASE_PATH}/check-out/complete/:ref`, async (req, reply) => {
    count('complete');
    const bad = checkHeaders(req);
    if (bad) return refuse(reply, 400, 'InvalidRequest', bad);
    const p = payments.get(req.params.ref);
    if (!p) return refuse(reply, 400, 'InvalidPaymentRefId', 'Payment reference not found');
    const data = unseal(req.body ?? {});
    if (data === 'decrypt') return refuse(reply, 400, 'DecryptionFailed', 'Sensitive data could not be decrypted');
    if (data === 'signature') return refuse(reply, 400, 'InvalidSignature', 'Invalid merchant signature');
    if (data.challenge !== p.challenge || data.orderId !== p.orderId || data.merchantId !== FAKE_MERCHANT_ID) return refuse(reply, 400, 'InvalidChallenge', 'Challenge does not match');
    if (data.currencyCode !== NAGAD_CURRENCY || !/^\d+(\.\d{1,2})?$/.test(data.amount ?? '')) return refuse(reply, 400, 'InvalidAmount', 'Invalid amount or currency');
    if (p.amount !== null) return refuse(reply, 400, 'AlreadyCompleted', 'Payment already completed');
    if (!/^https?:\/\//.test(req.body.merchantCallbackURL ?? '')) return refuse(reply, 400, 'InvalidCallbackUrl', 'merchantCallbackURL is required');
    p.amount = data.amount!;
    p.callbackUrl = req.body.merchantCallbackURL!;
    p.headers.push(headersOf(req));
    return { callBackUrl: `${origin}/__fake/nagad/pay/${p.paymentRefId}`, status: 'Success' };
  });

  app.get<{ Params: { ref: string } }>(`${BASE_PATH}/verify/payment/:ref`, async (req, reply) => {
    count('verify');
    if (faults.verifyDelayMs) await new Promise((r) => setTimeout(r, faults.verifyDelayMs));
    const p = payments.get(req.params.ref);
    if (!p) return refuse(reply, 400, 'InvalidPaymentRefId', 'Payment reference not found');
    return {
      merchantId: FAKE_MERCHANT_ID,
      orderId: p.orderId,
      paymentRefId: p.paymentRefId,
      amount: p.moved ?? p.amount ?? '0',
      clientMobileNo: p.status === 'Success' ? '017****8575' : null,
      merchantMobileNo: '01700000000',
      orderDateTime: '2026-12-07 19:10:00.0',
      issuerPaymentDateTime: p.status === 'Success' ? '2026-12-07 19:11:00.0' : null,
      issuerPaymentRefNo: p.issuerPaymentRefNo,
      additionalMerchantInfo: null,
      status: p.status,
      statusCode: STATUS_CODES[p.status],
    };
  });

  /** The shopper's Nagad page: the four ways it ends, each a button (for the e2e journey too). */
  app.get<{ Params: { ref: string } }>('/__fake/nagad/pay/:ref', async (req, reply) => {
    const p = payments.get(req.params.ref);
    if (!p) return reply.code(404).type('text/html').send('<p>No such payment</p>');
    const button = (action: string, label: string) => `<form method="post" action="/__fake/nagad/pay/${p.paymentRefId}/${action}"><button type="submit">${label}</button></form>`;
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><meta charset="utf-8"><title>Nagad (test fake)</title><h1>Nagad test fake</h1><p>Pay ৳<span id="amount">${p.amount}</span> for <span id="order">${p.orderId}</span></p>${button('pay', 'Pay')}${button('fail', 'Fail')}${button('abort', 'Abort')}${button('cancel', 'Cancel')}`);
  });
  app.post<{ Params: { ref: string; action: string } }>('/__fake/nagad/pay/:ref/:action', async (req, reply) => {
    const p = payments.get(req.params.ref);
    if (!p || p.status !== 'Ready') return reply.code(409).type('text/html').send('<p>This payment is over</p>');
    const to: Record<string, Status> = { pay: 'Success', fail: 'Failed', abort: 'Aborted', cancel: 'Cancelled' };
    p.status = to[req.params.action] ?? 'Failed';
    if (p.status === 'Success') {
      p.issuerPaymentRefNo = `NGD${String(seq).padStart(8, '0')}`;
      if (faults.payAmount !== null) p.moved = faults.payAmount.toFixed(2);
    }
    return reply.redirect(callbackOf(p), 302);
  });

  const callbackOf = (p: NagadPayment) => {
    const q = new URLSearchParams({ merchant: FAKE_MERCHANT_ID, order_id: p.orderId, payment_ref_id: p.paymentRefId, status: p.status, status_code: STATUS_CODES[p.status], message: p.status === 'Success' ? 'Successful Transaction' : `Payment ${p.status}` });
    return `${p.callbackUrl}?${q}`;
  };

  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `${origin}${BASE_PATH}`;
  const keys = { merchantPrivateKey: pem(merchant.privateKey, 'pkcs8'), nagadPublicKey: pem(npg.publicKey, 'spki') };

  /** The shopper presses a button on Nagad's page: a real HTTP POST; answers where Nagad sends them (the shop's callback). */
  const press = async (paymentUrl: string, action: 'pay' | 'fail' | 'abort' | 'cancel') => {
    const res = await fetch(`${paymentUrl}/${action}`, { method: 'POST', redirect: 'manual' });
    if (res.status !== 302) throw new Error(`fake Nagad: ${action} answered ${res.status}`);
    return new URL(res.headers.get('location')!);
  };

  return {
    baseUrl,
    origin,
    payments,
    calls,
    faults,
    keys,
    /** A key pair that is neither Nagad's nor the merchant's: for signatures nobody should accept. */
    stranger,
    env: (extra: Record<string, string> = {}) => ({ NAGAD_BASE_URL: baseUrl, NAGAD_MERCHANT_ID: FAKE_MERCHANT_ID, NAGAD_MERCHANT_PRIVATE_KEY: keys.merchantPrivateKey, NAGAD_PUBLIC_KEY: keys.nagadPublicKey, PUBLIC_URL: 'http://shop.test', ...extra }),
    client: (opts: { merchantPrivateKey?: string; timeoutMs?: number; now?: () => Date } = {}) =>
      new NagadClient({ baseUrl, merchantId: FAKE_MERCHANT_ID, merchantPrivateKey: opts.merchantPrivateKey ?? keys.merchantPrivateKey, nagadPublicKey: keys.nagadPublicKey, timeoutMs: opts.timeoutMs ?? 2000, now: opts.now }),
    pay: (url: string) => press(url, 'pay'),
    fail: (url: string) => press(url, 'fail'),
    abort: (url: string) => press(url, 'abort'),
    cancel: (url: string) => press(url, 'cancel'),
    /** The callback Nagad would send for a payment as it stands (to replay it). */
    callbackOf: (ref: string) => new URL(callbackOf(payments.get(ref)!)),
    reset() {
      payments.clear();
      orders.clear();
      for (const k of Object.keys(calls)) delete calls[k];
      Object.assign(faults, { payAmount: null, verifyDelayMs: 0, down: false, forgeAnswer: false });
    },
    close: () => app.close(),
  };
}
export type FakeNagad = Awaited<ReturnType<typeof startFakeNagad>>;
