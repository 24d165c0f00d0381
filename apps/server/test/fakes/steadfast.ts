import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type {
  SteadfastConsignment,
  SteadfastPaymentConsignment,
  SteadfastPaymentDetail,
  SteadfastDeliveryStatusWebhook,
  SteadfastOrderInput,
  SteadfastStatus,
  SteadfastTrackingUpdateWebhook,
  SteadfastWebhook,
} from '../../src/integrations/steadfast/types';
import { STEADFAST_BULK_LIMIT, STEADFAST_STATUSES } from '../../src/integrations/steadfast/types';

/**
 * A faithful local fake of the Steadfast (packzy) merchant API v1 for tests:
 * a real HTTP server on a free port, in-memory state, the documented field
 * names, `Api-Key`/`Secret-Key` checks, and ways to inject 429s, 5xx and
 * slowness. Tests drive it through the methods below, or over HTTP through
 * `POST /__fake/...` (for a server in another process).
 *
 * The duplicate-invoice refusal's exact shape is not documented; it is modelled
 * as Laravel's validation answer (`message` + `errors.invoice[]`).
 */

export interface FraudCounts {
  total_delivered: number;
  total_cancelled: number;
  total_parcels?: number;
}

export interface FaultRule {
  /** Only paths starting with this (after /api/v1), e.g. '/fraud_check'. Unset: every API path. */
  path?: string;
  /** Answer with this HTTP status (429, 500, 503...) instead of the real answer. */
  status?: number;
  /** Wait this long before answering (beyond a client's timeout: a "hung" provider). */
  delayMs?: number;
  /** Do the work, then wait this long before answering: a booking made whose answer comes too late (decision 0080). */
  lateMs?: number;
  /** How many requests this rule applies to; unset: until cleared. */
  times?: number;
}

export interface PayOutOptions {
  consignmentIds: number[];
  charge?: (c: SteadfastConsignment) => number;
  short?: Record<number, number>;
  omit?: number[];
  extra?: SteadfastPaymentConsignment[];
  /** The payout's time (default now). */
  at?: Date;
}

export interface FakeCall {
  method: string;
  /** Path after /api/v1, e.g. '/fraud_check/01712345678'. */
  path: string;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export interface SteadfastFake {
  /** The base URL to configure as STEADFAST_BASE_URL (ends in /api/v1). */
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  /** Every API call received, refused and faulted ones too (control calls excluded), oldest first. */
  calls: FakeCall[];
  consignments: Map<number, SteadfastConsignment>;
  /** phone (01XXXXXXXXX) → counts answered by fraud_check; other phones answer zeros. */
  fraud: Map<string, FraudCounts>;
  balance: number;
  /** The payouts `GET /payments` lists, newest first, with their consignments (decision 0112). */
  payments: SteadfastPaymentDetail[];
  /**
   * Pay out delivered consignments as Steadfast does: each line's COD collected less the delivery charge (80
   * taka unless `charge` says otherwise) and the 1 % COD fee. `short` pays a parcel that many taka less;
   * `omit` leaves a delivered parcel out; `extra` adds lines for consignments the merchant never booked.
   */
  payOut(opts: PayOutOptions): SteadfastPaymentDetail;
  inject(rule: FaultRule): void;
  clearFaults(): void;
  /** Move a consignment to a status (as the courier would). */
  setStatus(consignmentId: number, status: SteadfastStatus): SteadfastConsignment;
  /** Where and with which bearer token `setStatus`/`track` post webhooks (like the merchant portal's setting). */
  configureWebhook(url: string, token: string): void;
  /** setStatus, then POST the delivery_status webhook to the configured URL. */
  deliver(consignmentId: number, status: SteadfastStatus, trackingMessage?: string): Promise<Response>;
  /** POST a tracking_update webhook for a consignment to the configured URL. */
  track(consignmentId: number, trackingMessage: string): Promise<Response>;
  /** POST any webhook body to any URL with `Authorization: Bearer <token>`. */
  sendWebhook(url: string, token: string | null, body: SteadfastWebhook | Record<string, unknown>): Promise<Response>;
  reset(): void;
  close(): Promise<void>;
}

const INVOICE = /^[A-Za-z0-9_-]+$/;
const PHONE = /^\d{11}$/;
const FIRST_CONSIGNMENT_ID = 1424107;

/** 'YYYY-MM-DD HH:MM:SS', Steadfast's webhook time format, in Dhaka time (UTC+6) like the portal. */
function steadfastTime(d = new Date()): string {
  return new Date(d.getTime() + 6 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

interface RowError {
  field: string;
  message: string;
}

function validateRow(row: unknown, invoices: Set<string>): { order: SteadfastOrderInput } | { error: RowError } {
  if (!row || typeof row !== 'object') return { error: { field: 'data', message: 'Each order must be an object.' } };
  const r = row as Record<string, unknown>;
  const str = (k: string) => (typeof r[k] === 'string' ? (r[k] as string) : typeof r[k] === 'number' ? String(r[k]) : '');
  if (!str('invoice')) return { error: { field: 'invoice', message: 'The invoice field is required.' } };
  if (!INVOICE.test(str('invoice'))) return { error: { field: 'invoice', message: 'The invoice format is invalid.' } };
  if (invoices.has(str('invoice'))) return { error: { field: 'invoice', message: 'The invoice has already been taken.' } };
  if (!str('recipient_name')) return { error: { field: 'recipient_name', message: 'The recipient name field is required.' } };
  if (str('recipient_name').length > 100) return { error: { field: 'recipient_name', message: 'The recipient name must not be greater than 100 characters.' } };
  if (!PHONE.test(str('recipient_phone'))) return { error: { field: 'recipient_phone', message: 'The recipient phone must be 11 digits.' } };
  if (!str('recipient_address')) return { error: { field: 'recipient_address', message: 'The recipient address field is required.' } };
  if (str('recipient_address').length > 250) return { error: { field: 'recipient_address', message: 'The recipient address must not be greater than 250 characters.' } };
  const cod = typeof r.cod_amount === 'string' && r.cod_amount.trim() !== '' ? Number(r.cod_amount) : r.cod_amount;
  if (typeof cod !== 'number' || !Number.isFinite(cod) || cod < 0) return { error: { field: 'cod_amount', message: 'The cod amount must be a number not less than 0.' } };
  if (r.delivery_type !== undefined && r.delivery_type !== 0 && r.delivery_type !== 1) return { error: { field: 'delivery_type', message: 'The selected delivery type is invalid.' } };
  return {
    order: {
      invoice: str('invoice'),
      recipient_name: str('recipient_name'),
      recipient_phone: str('recipient_phone'),
      recipient_address: str('recipient_address'),
      cod_amount: cod,
      note: typeof r.note === 'string' ? r.note : undefined,
    },
  };
}

export async function startSteadfastFake(opts: { apiKey?: string; secretKey?: string; port?: number } = {}): Promise<SteadfastFake> {
  const apiKey = opts.apiKey ?? 'fake-steadfast-api-key';
  const secretKey = opts.secretKey ?? 'fake-steadfast-secret-key';
  const consignments = new Map<number, SteadfastConsignment>();
  const invoices = new Set<string>();
  const fraud = new Map<string, FraudCounts>();
  const calls: FakeCall[] = [];
  let faults: FaultRule[] = [];
  let nextId = FIRST_CONSIGNMENT_ID;
  let webhook: { url: string; token: string } | null = null;
  const pendingDelays = new Set<() => void>();
  const callOf = new WeakMap<FastifyRequest, FakeCall>();

  const app = Fastify({ logger: false, forceCloseConnections: true });

  function book(order: SteadfastOrderInput): SteadfastConsignment {
    const id = nextId++;
    const now = new Date().toISOString();
    const c: SteadfastConsignment = {
      consignment_id: id,
      invoice: order.invoice,
      // Deterministic 8-hex tracking codes, like '15BAEB8A'.
      tracking_code: (0x15bae000 + id).toString(16).toUpperCase().slice(-8),
      recipient_name: order.recipient_name,
      recipient_phone: order.recipient_phone,
      recipient_address: order.recipient_address,
      cod_amount: order.cod_amount,
      status: 'in_review',
      note: order.note ?? null,
      created_at: now,
      updated_at: now,
    };
    consignments.set(id, c);
    invoices.add(order.invoice);
    return c;
  }

  function delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pendingDelays.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      pendingDelays.add(done);
    });
  }

  const late = new WeakMap<FastifyRequest, number>();
  // Keys, call log and injected faults, in front of every API route.
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0]!;
    if (!url.startsWith('/api/v1/')) return;
    const path = url.slice('/api/v1'.length);
    const call: FakeCall = { method: req.method, path, body: undefined, headers: req.headers };
    calls.push(call);
    callOf.set(req, call);
    const rule = faults.find((f) => !f.path || path.startsWith(f.path));
    if (rule) {
      if (rule.times !== undefined && --rule.times <= 0) faults = faults.filter((f) => f !== rule);
      if (rule.delayMs) await delay(rule.delayMs);
      if (rule.lateMs) late.set(req, rule.lateMs);
      if (rule.status) return reply.code(rule.status).send({ status: rule.status, message: rule.status === 429 ? 'Too Many Attempts.' : 'Server Error' });
    }
    if (req.headers['api-key'] !== apiKey || req.headers['secret-key'] !== secretKey) {
      return reply.code(401).send({ status: 401, message: 'Unauthorized. Invalid Api-Key or Secret-Key.' });
    }
  });
  app.addHook('onSend', async (req) => {
    const ms = late.get(req);
    if (ms) await delay(ms);
  });
  app.addHook('preHandler', async (req) => {
    const call = callOf.get(req);
    if (call) call.body = req.body;
  });

  app.post('/api/v1/create_order', async (req, reply) => {
    const v = validateRow(req.body, invoices);
    if ('error' in v) return reply.code(400).send({ status: 400, message: v.error.message, errors: { [v.error.field]: [v.error.message] } });
    return { status: 200, message: 'Consignment has been created successfully.', consignment: book(v.order) };
  });

  app.post('/api/v1/create_order/bulk-order', async (req, reply) => {
    const data = (req.body as { data?: unknown } | null)?.data;
    if (!Array.isArray(data) || data.length === 0) return reply.code(400).send({ status: 400, message: 'The data field is required.', errors: { data: ['The data field is required.'] } });
    if (data.length > STEADFAST_BULK_LIMIT) {
      const message = `The data must not have more than ${STEADFAST_BULK_LIMIT} items.`;
      return reply.code(400).send({ status: 400, message, errors: { data: [message] } });
    }
    // Rows succeed or fail one by one.
    return data.map((row) => {
      const v = validateRow(row, invoices);
      const echo = row && typeof row === 'object' ? (row as Record<string, unknown>) : {};
      if ('error' in v) return { ...echo, invoice: echo.invoice ?? null, consignment_id: null, tracking_code: null, status: 'error', error: v.error.message };
      const c = book(v.order);
      return { ...echo, invoice: c.invoice, consignment_id: c.consignment_id, tracking_code: c.tracking_code, status: 'success' };
    });
  });

  const notFound = (reply: FastifyReply) => reply.code(404).send({ status: 404, message: 'Consignment not found.' });
  const statusOf = (c: SteadfastConsignment | undefined, reply: FastifyReply) => (c ? { status: 200, delivery_status: c.status } : notFound(reply));
  app.get<{ Params: { id: string } }>('/api/v1/status_by_cid/:id', async (req, reply) => statusOf(consignments.get(Number(req.params.id)), reply));
  app.get<{ Params: { invoice: string } }>('/api/v1/status_by_invoice/:invoice', async (req, reply) =>
    statusOf([...consignments.values()].find((c) => c.invoice === req.params.invoice), reply),
  );
  app.get<{ Params: { code: string } }>('/api/v1/status_by_trackingcode/:code', async (req, reply) =>
    statusOf([...consignments.values()].find((c) => c.tracking_code === req.params.code), reply),
  );

  const fake: SteadfastFake = {
    baseUrl: '',
    apiKey,
    secretKey,
    calls,
    consignments,
    fraud,
    balance: 0,
    payments: [],
    payOut(o) {
      const omitted = new Set(o.omit ?? []);
      const lines: SteadfastPaymentConsignment[] = [...o.consignmentIds]
        .filter((id) => !omitted.has(id))
        .map((id) => {
          const c = consignments.get(id);
          if (!c) throw new Error(`fake steadfast: no consignment ${id}`);
          const delivery = o.charge?.(c) ?? 80;
          const fee = Math.round(c.cod_amount) / 100; // 1 %, to the paisa
          const paid = Math.round((c.cod_amount - delivery - fee - (o.short?.[id] ?? 0)) * 100) / 100;
          return { consignment_id: id, invoice: c.invoice, tracking_code: c.tracking_code, cod_amount: c.cod_amount, delivery_charge: delivery, cod_charge: fee, paid_amount: paid, status: c.status };
        })
        .map((l): SteadfastPaymentConsignment => l)
        .concat(o.extra ?? []);
      const at = (o.at ?? new Date()).toISOString();
      const amount = Math.round(lines.reduce((sum, l) => sum + l.paid_amount * 100, 0)) / 100;
      const payment: SteadfastPaymentDetail = { id: 9001 + fake.payments.length, amount, status: 'paid', created_at: at, updated_at: at, consignments: lines };
      fake.payments.unshift(payment);
      return payment;
    },
    inject: (rule) => void faults.push({ ...rule }),
    clearFaults: () => void (faults = []),
    setStatus(consignmentId, status) {
      const c = consignments.get(consignmentId);
      if (!c) throw new Error(`fake steadfast: no consignment ${consignmentId}`);
      if (!STEADFAST_STATUSES.includes(status)) throw new Error(`fake steadfast: unknown status ${status}`);
      c.status = status;
      c.updated_at = new Date().toISOString();
      return c;
    },
    configureWebhook(url, token) {
      webhook = { url, token };
    },
    async deliver(consignmentId, status, trackingMessage) {
      if (!webhook) throw new Error('fake steadfast: configureWebhook first');
      const c = fake.setStatus(consignmentId, status);
      const body: SteadfastDeliveryStatusWebhook = {
        notification_type: 'delivery_status',
        consignment_id: c.consignment_id,
        invoice: c.invoice,
        cod_amount: c.cod_amount,
        status: c.status,
        delivery_charge: 80,
        tracking_message: trackingMessage ?? `Status changed to ${status}`,
        updated_at: steadfastTime(),
      };
      return fake.sendWebhook(webhook.url, webhook.token, body);
    },
    async track(consignmentId, trackingMessage) {
      if (!webhook) throw new Error('fake steadfast: configureWebhook first');
      const c = consignments.get(consignmentId);
      if (!c) throw new Error(`fake steadfast: no consignment ${consignmentId}`);
      const body: SteadfastTrackingUpdateWebhook = {
        notification_type: 'tracking_update',
        consignment_id: c.consignment_id,
        invoice: c.invoice,
        tracking_message: trackingMessage,
        updated_at: steadfastTime(),
      };
      return fake.sendWebhook(webhook.url, webhook.token, body);
    },
    sendWebhook(url, token, body) {
      return fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token === null ? {} : { Authorization: `Bearer ${token}` }) },
        body: JSON.stringify(body),
      });
    },
    reset() {
      consignments.clear();
      invoices.clear();
      fraud.clear();
      calls.length = 0;
      faults = [];
      nextId = FIRST_CONSIGNMENT_ID;
      webhook = null;
      fake.payments = [];
      fake.balance = 0;
    },
    async close() {
      for (const release of [...pendingDelays]) release();
      await app.close();
    },
  };

  // Payouts: the list without their consignments, one payout with them.
  app.get('/api/v1/payments', async () => fake.payments.map(({ consignments: _lines, ...payment }) => payment));
  app.get<{ Params: { id: string } }>('/api/v1/payments/:id', async (req, reply) => {
    const payment = fake.payments.find((p) => p.id === Number(req.params.id));
    return payment ?? reply.code(404).send({ status: 404, message: 'Payment not found.' });
  });

  app.get('/api/v1/get_balance', async () => ({ status: 200, current_balance: fake.balance }));

  const fraudCounts = (phone: string) => {
    const row = fraud.get(phone) ?? { total_delivered: 0, total_cancelled: 0 };
    return { ...row, total_parcels: row.total_parcels ?? row.total_delivered + row.total_cancelled };
  };
  app.get<{ Params: { phone: string } }>('/api/v1/fraud_check/:phone', async (req, reply) => {
    if (!PHONE.test(req.params.phone)) return reply.code(422).send({ status: 422, message: 'Invalid phone number.' });
    return fraudCounts(req.params.phone);
  });
  app.get<{ Params: { phone: string } }>('/api/v1/fraud_check/score/:phone', async (req, reply) => {
    if (!PHONE.test(req.params.phone)) return reply.code(422).send({ status: 422, message: 'Invalid phone number.' });
    const c = fraudCounts(req.params.phone);
    const total = c.total_parcels;
    const ratio = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 10000) / 100);
    const band = total === 0 ? 'none' : total <= 5 ? 'low' : total <= 20 ? 'medium' : 'high';
    const score = total === 0 ? 50 : Math.round((c.total_delivered / total) * 100);
    return {
      status: 200,
      phone: req.params.phone,
      delivery_ratio: ratio(c.total_delivered),
      cancellation_ratio: ratio(c.total_cancelled),
      volume_band: band,
      total_reports: 0,
      fraud_categories: {},
      score,
      level: score >= 80 ? 'low' : score >= 50 ? 'medium' : 'high',
      reasons: [],
      scoring_disabled: false,
      doubtful_reports: 0,
    };
  });

  // Control endpoints, for a Haat server running in another process (e2e).
  app.post('/__fake/fault', async (req) => {
    fake.inject(req.body as FaultRule);
    return { ok: true };
  });
  app.post('/__fake/clear-faults', async () => {
    fake.clearFaults();
    return { ok: true };
  });
  app.post('/__fake/fraud', async (req) => {
    const { phone, ...counts } = req.body as FraudCounts & { phone: string };
    fraud.set(phone, counts);
    return { ok: true };
  });
  app.post('/__fake/webhook-config', async (req) => {
    const { url, token } = req.body as { url: string; token: string };
    fake.configureWebhook(url, token);
    return { ok: true };
  });
  app.post('/__fake/deliver', async (req) => {
    const { consignment_id, status, tracking_message } = req.body as { consignment_id: number; status: SteadfastStatus; tracking_message?: string };
    const res = await fake.deliver(consignment_id, status, tracking_message);
    return { webhook_status: res.status };
  });
  app.post('/__fake/track', async (req) => {
    const { consignment_id, tracking_message } = req.body as { consignment_id: number; tracking_message: string };
    const res = await fake.track(consignment_id, tracking_message);
    return { webhook_status: res.status };
  });
  app.post('/__fake/payout', async (req) => fake.payOut(req.body as PayOutOptions));
  app.get('/__fake/consignments', async () => [...consignments.values()]);

  const address = await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  fake.baseUrl = `${address}/api/v1`;
  return fake;
}
