import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A faithful local fake of Paperfly's merchant API for tests (reference §3 Paperfly, §8; decision 0129): a real
 * HTTP server on a free port, in-memory state, deterministic tracking numbers and Paperfly's field names. Every
 * call must carry `paperflykey` and `Authorization: Basic base64(user:pass)` (else 401); a refusal is
 * `{error:{message}}`. `POST /OrderPlacement` checks the documented fields, the customer's thana and district
 * against Paperfly's own list (a fixture here) and refuses a merOrderRef it has; `POST /API-Order-Tracking`
 * answers the parcel's milestones with their Dhaka times. A webhook sender carries the shared secret in a header
 * (the event names and fields are Haat's model: the reference names 14 events but not their shape). Faults (429,
 * 5xx, slowness) can be injected; `POST /__fake/...` drives it from another process (e2e).
 */

/** Paperfly's own district and thana names (a fixture of its list): a booking elsewhere is refused. */
export const PAPERFLY_LIST: Record<string, string[]> = {
  Dhaka: ['Mirpur', 'Dhanmondi', 'Gulshan', 'Uttara', 'Mohammadpur', 'Motijheel', 'Savar'],
  Chattogram: ['Panchlaish', 'Kotwali', 'Double Mooring'],
};

/** The milestones of the tracking answer, in the order a parcel reaches them, each with its webhook event. */
const MILESTONE_OF: Record<string, string> = {
  picked: 'Pick',
  'in-transit': 'inTransit',
  'received-at-point': 'ReceivedAtPoint',
  'picked-for-delivery': 'PickedForDelivery',
  delivered: 'Delivered',
  returned: 'Returned',
};

export interface PaperflyOrder {
  merOrderRef: string;
  tracking_number: string;
  body: Record<string, unknown>;
  event: string;
  /** Milestone → its time, 'YYYY-MM-DD HH:MM:SS' in Dhaka time. */
  milestones: Record<string, string>;
}

export interface PaperflyFault {
  path?: string;
  status?: number;
  delayMs?: number;
  times?: number;
}

export interface PaperflyFake {
  baseUrl: string;
  username: string;
  password: string;
  key: string;
  pickup: { name: string; address: string; thana: string; district: string; phone: string };
  orders: Map<string, PaperflyOrder>;
  calls: { path: string; headers: Record<string, unknown>; body: unknown }[];
  inject(fault: PaperflyFault): void;
  clearFaults(): void;
  /** Moves a parcel on without a webhook (a missed one), as tracking will then answer. */
  setEvent(merOrderRef: string, event: string): string;
  /** Moves a parcel on and POSTs the webhook with the secret (null: none); `extra` overrides body fields. */
  event(url: string, secret: string | null, merOrderRef: string, event: string, extra?: Record<string, unknown>): Promise<Response>;
  /** POSTs a webhook body as it is (a replay, a forgery). */
  post(url: string, secret: string | null, body: Record<string, unknown>): Promise<Response>;
  lastWebhook(merOrderRef: string): Record<string, unknown> | undefined;
  close(): Promise<void>;
}

/** Dhaka time (UTC+6), to the second, as Paperfly writes it. */
const dhakaTime = (ms: number) => new Date(ms + 6 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

export async function startPaperflyFake(opts: { port?: number } = {}): Promise<PaperflyFake> {
  const username = 'haat-merchant';
  const password = 'fake-paperfly-pass';
  const key = 'Paperfly_fake~Key42';
  const pickup = { name: 'Haat Dhanmondi', address: 'House 12, Road 4, Dhanmondi', thana: 'Dhanmondi', district: 'Dhaka', phone: '01700000000' };
  const orders = new Map<string, PaperflyOrder>();
  const webhooks = new Map<string, Record<string, unknown>>();
  const calls: PaperflyFake['calls'] = [];
  let faults: PaperflyFault[] = [];
  let serial = 0;
  let clock = 0;
  const app = Fastify({ logger: false, forceCloseConnections: true });
  /**
   * Times only move forward, a second a step, so two events never share a time; written to the second, rounded up,
   * so an event is never stamped before the moment it happened (the booking just before it).
   */
  const stamp = () => {
    clock = Math.max(Math.ceil(Date.now() / 1000) * 1000, clock + 1000);
    return dhakaTime(clock);
  };
  const refuse = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ error: { message } });

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0]!;
    if (path.startsWith('/__fake/')) return;
    const rule = faults.find((f) => !f.path || path.startsWith(f.path));
    if (rule) {
      if (rule.times !== undefined && --rule.times <= 0) faults = faults.filter((f) => f !== rule);
      if (rule.delayMs) await new Promise((r) => setTimeout(r, rule.delayMs));
      if (rule.status) return refuse(reply, rule.status, rule.status === 429 ? 'Too many requests' : 'Internal server error');
    }
    const basic = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    if (req.headers.authorization !== basic || req.headers.paperflykey !== key) return refuse(reply, 401, 'Unauthorized');
  });
  app.addHook('preHandler', async (req) => {
    const path = req.url.split('?')[0]!;
    if (!path.startsWith('/__fake/')) calls.push({ path, headers: { ...req.headers }, body: req.body });
  });

  const REQUIRED = ['merOrderRef', 'pickMerchantName', 'pickMerchantAddress', 'pickMerchantThana', 'pickMerchantDistrict', 'pickupMerchantPhone', 'productSizeWeight', 'productBrief', 'packagePrice', 'deliveryOption', 'custname', 'custaddress', 'customerThana', 'customerDistrict', 'custPhone'];
  app.post('/OrderPlacement', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const missing = REQUIRED.find((f) => typeof b[f] !== 'string' || (b[f] as string).trim() === '');
    if (missing) return refuse(reply, 400, `${missing} is required`);
    if (!/^01[3-9]\d{8}$/.test(b.custPhone as string)) return refuse(reply, 400, 'custPhone is invalid');
    if (!/^\d+(\.\d+)?$/.test(b.packagePrice as string)) return refuse(reply, 400, 'packagePrice is invalid');
    if (b.deliveryOption !== 'regular' && b.deliveryOption !== 'express') return refuse(reply, 400, 'deliveryOption must be regular or express');
    const thanas = PAPERFLY_LIST[b.customerDistrict as string];
    if (!thanas) return refuse(reply, 400, 'customerDistrict is invalid');
    if (!thanas.includes(b.customerThana as string)) return refuse(reply, 400, 'customerThana is invalid');
    if (b.pickMerchantThana !== pickup.thana || b.pickMerchantDistrict !== pickup.district) return refuse(reply, 400, 'pickMerchantThana is invalid');
    if (orders.has(b.merOrderRef as string)) return refuse(reply, 400, 'merOrderRef already exists');
    serial++;
    const tracking_number = `PF${String(880000 + serial)}`;
    orders.set(b.merOrderRef as string, { merOrderRef: b.merOrderRef as string, tracking_number, body: b, event: 'order-placed', milestones: {} });
    return { success: { message: 'Order placed successfully', tracking_number } };
  });

  app.post('/API-Order-Tracking', async (req, reply) => {
    const ref = ((req.body ?? {}) as { ReferenceNumber?: unknown }).ReferenceNumber;
    const o = typeof ref === 'string' ? orders.get(ref) : undefined;
    if (!o) return refuse(reply, 404, 'No order found');
    const row = Object.fromEntries(Object.values(MILESTONE_OF).map((m) => [m, o.milestones[m] ?? '']));
    return { success: { trackingStatus: [{ ReferenceNumber: o.merOrderRef, tracking_number: o.tracking_number, ...row }] } };
  });

  const post = (url: string, secret: string | null, body: Record<string, unknown>) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(secret !== null && { 'x-paperfly-webhook-secret': secret }) }, body: JSON.stringify(body) });

  const fake: PaperflyFake = {
    baseUrl: '',
    username,
    password,
    key,
    pickup,
    orders,
    calls,
    inject: (f) => void faults.push({ ...f }),
    clearFaults: () => void (faults = []),
    setEvent(ref, event) {
      const o = orders.get(ref);
      if (!o) throw new Error(`fake paperfly: no order ${ref}`);
      const at = stamp();
      o.event = event;
      const m = MILESTONE_OF[event];
      if (m) o.milestones[m] = at;
      return at;
    },
    async event(url, secret, ref, event, extra = {}) {
      const at = fake.setEvent(ref, event);
      const body = { merOrderRef: ref, tracking_number: orders.get(ref)!.tracking_number, event, timestamp: at, ...extra };
      webhooks.set(ref, body);
      return post(url, secret, body);
    },
    post,
    lastWebhook: (ref) => webhooks.get(ref),
    close: () => app.close(),
  };

  // Control endpoints, for a Haat server in another process (e2e).
  app.post('/__fake/event', async (req) => {
    const { url, secret, merOrderRef, event } = req.body as { url: string; secret: string; merOrderRef: string; event: string };
    return { webhook_status: (await fake.event(url, secret, merOrderRef, event)).status };
  });
  app.get('/__fake/orders', async () => [...orders.values()]);
  app.post('/__fake/fault', async (req) => {
    fake.inject(req.body as PaperflyFault);
    return { ok: true };
  });

  fake.baseUrl = await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  return fake;
}

/** The shop's settings for this fake: the credentials and the pickup store it knows. */
export function paperflyEnv(pf: PaperflyFake): Record<string, string> {
  return {
    PAPERFLY_BASE_URL: pf.baseUrl,
    PAPERFLY_USERNAME: pf.username,
    PAPERFLY_PASSWORD: pf.password,
    PAPERFLY_KEY: pf.key,
    PAPERFLY_PICKUP_NAME: pf.pickup.name,
    PAPERFLY_PICKUP_ADDRESS: pf.pickup.address,
    PAPERFLY_PICKUP_THANA: pf.pickup.thana,
    PAPERFLY_PICKUP_DISTRICT: pf.pickup.district,
    PAPERFLY_PICKUP_PHONE: pf.pickup.phone,
  };
}
