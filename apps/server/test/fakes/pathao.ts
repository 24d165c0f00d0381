import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A faithful local fake of Pathao's merchant (Aladdin) API for tests: a real
 * HTTP server on a free port, in-memory state, the documented field names
 * (bd-integrations reference §3 Pathao): issue-token with the password and
 * refresh grants and expiring tokens, the city → zone → area lists from a
 * small fixture, orders and order info, and a webhook sender that does the
 * integration handshake (202 + X-Pathao-Merchant-Webhook-Integration-Secret)
 * and signs events with X-PATHAO-Signature. Faults (429, 5xx, slowness) can
 * be injected; `POST /__fake/...` drives it from another process.
 */

export const PATHAO_FIXTURE = {
  cities: [
    { city_id: 1, city_name: 'Dhaka' },
    { city_id: 2, city_name: 'Chattogram' },
  ],
  zones: {
    1: [
      { zone_id: 10, zone_name: 'Dhanmondi' },
      { zone_id: 11, zone_name: 'Gulshan' },
      { zone_id: 12, zone_name: 'Mirpur' },
    ],
    2: [
      { zone_id: 20, zone_name: 'Agrabad' },
      { zone_id: 21, zone_name: 'Halishahar' },
    ],
  } as Record<number, { zone_id: number; zone_name: string }[]>,
  areas: {
    10: [{ area_id: 100, area_name: 'Road 27', home_delivery_available: true, pickup_available: true }],
    11: [{ area_id: 110, area_name: 'Gulshan 1', home_delivery_available: true, pickup_available: true }],
  } as Record<number, { area_id: number; area_name: string; home_delivery_available: boolean; pickup_available: boolean }[]>,
};

export interface PathaoOrder {
  consignment_id: string;
  merchant_order_id: string | null;
  store_id: number;
  recipient_name: string;
  recipient_phone: string;
  recipient_address: string;
  recipient_city: number;
  recipient_zone: number;
  recipient_area: number | null;
  amount_to_collect: number;
  order_status: string;
  order_status_slug: string;
  updated_at: string;
}

export interface PathaoFault {
  /** Paths starting with this (after /aladdin/api/v1), e.g. '/orders'. Unset: every API path. */
  path?: string;
  status?: number;
  delayMs?: number;
  times?: number;
}

export interface PathaoFake {
  /** The base URL to configure as PATHAO_BASE_URL. */
  baseUrl: string;
  credentials: { client_id: string; client_secret: string; username: string; password: string; store_id: number };
  orders: Map<string, PathaoOrder>;
  calls: { method: string; path: string; body: unknown }[];
  /** How many tokens each grant handed out. */
  grants: { password: number; refresh_token: number };
  /** Seconds a new access token lives. */
  expiresIn: number;
  /** Makes every token handed out so far expire now (the clock moving on). */
  expireTokens(): void;
  /** Makes every refresh token handed out so far unusable. */
  revokeRefreshTokens(): void;
  inject(fault: PathaoFault): void;
  clearFaults(): void;
  /** POSTs the integration handshake to `url` signed with `secret`; answers the merchant's response. */
  handshake(url: string, secret: string | null): Promise<Response>;
  /** The handshake as Pathao judges it: integrated only on 202 with exactly its documented header value. */
  integrate(url: string, secret: string): Promise<{ integrated: boolean; status: number }>;
  /** Moves an order on (event e.g. 'order.delivered') and POSTs the event to `url` signed with `secret`. */
  event(url: string, secret: string | null, consignmentId: string, event: string, extra?: Record<string, unknown>): Promise<Response>;
  /** Moves an order on without a webhook (a missed one), as order info will then answer. */
  setStatus(consignmentId: string, event: string): void;
  close(): Promise<void>;
}

const API = '/aladdin/api/v1';

/** Pathao's documentation: the merchant answers the handshake with this exact header value (reference §3 Pathao). */
export const PATHAO_HANDSHAKE_VALUE = 'f3992ecc-59da-4cbe-a049-a13da2018d51';

/** Pathao's time format, Dhaka time: 'YYYY-MM-DD HH:MM:SS'. */
export function pathaoNow(d = new Date()): string {
  return new Date(d.getTime() + 6 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** 'order.in-transit' → order info's status 'In Transit' and slug 'In_Transit'. */
function statusOf(event: string) {
  const words = event.replace(/^order\./, '').split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return { order_status: words.join(' '), order_status_slug: words.join('_') };
}

const invalid = (reply: FastifyReply, errors: Record<string, string[]>) =>
  reply.code(422).send({ message: 'Please fix the given errors', type: 'error', code: 422, errors });

export async function startPathaoFake(): Promise<PathaoFake> {
  const credentials = { client_id: 'fake-client-id', client_secret: 'fake-client-secret', username: 'merchant@haat.test', password: 'fake-password', store_id: 4242 };
  const access = new Map<string, number>(); // token → expires at (ms)
  const refresh = new Set<string>();
  const orders = new Map<string, PathaoOrder>();
  const calls: PathaoFake['calls'] = [];
  let faults: PathaoFault[] = [];
  let serial = 0;
  const app = Fastify({ logger: false, forceCloseConnections: true });

  const newToken = (prefix: string) => `${prefix}-${++serial}-${Math.random().toString(36).slice(2, 10)}`;
  function tokens() {
    const a = newToken('access');
    const r = newToken('refresh');
    access.set(a, Date.now() + fake.expiresIn * 1000);
    refresh.add(r);
    return { token_type: 'Bearer', expires_in: fake.expiresIn, access_token: a, refresh_token: r };
  }

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0]!;
    if (!url.startsWith(`${API}/`)) return;
    const path = url.slice(API.length);
    const rule = faults.find((f) => !f.path || path.startsWith(f.path));
    if (rule) {
      if (rule.times !== undefined && --rule.times <= 0) faults = faults.filter((f) => f !== rule);
      if (rule.delayMs) await new Promise((r) => setTimeout(r, rule.delayMs));
      if (rule.status) return reply.code(rule.status).send({ message: rule.status === 429 ? 'Too Many Attempts.' : 'Server Error', type: 'error', code: rule.status });
    }
    if (path === '/issue-token') return;
    const auth = req.headers.authorization ?? '';
    const expires = access.get(auth.replace(/^Bearer /, ''));
    if (!auth.startsWith('Bearer ') || expires === undefined || expires <= Date.now()) {
      return reply.code(401).send({ message: 'Unauthenticated.', type: 'error', code: 401 });
    }
  });
  app.addHook('preHandler', async (req) => {
    const url = req.url.split('?')[0]!;
    if (url.startsWith(`${API}/`)) calls.push({ method: req.method, path: url.slice(API.length), body: req.body });
  });

  app.post(`${API}/issue-token`, async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, string>;
    if (b.client_id !== credentials.client_id || b.client_secret !== credentials.client_secret) {
      return reply.code(401).send({ message: 'Client authentication failed', type: 'error', code: 401 });
    }
    if (b.grant_type === 'password') {
      if (b.username !== credentials.username || b.password !== credentials.password) {
        return reply.code(400).send({ message: 'The user credentials were incorrect.', type: 'error', code: 400 });
      }
      fake.grants.password++;
      return tokens();
    }
    if (b.grant_type === 'refresh_token') {
      if (!refresh.delete(b.refresh_token ?? '')) return reply.code(401).send({ message: 'The refresh token is invalid.', type: 'error', code: 401 });
      fake.grants.refresh_token++;
      return tokens();
    }
    return reply.code(400).send({ message: 'The authorization grant type is not supported.', type: 'error', code: 400 });
  });

  app.get(`${API}/city-list`, async () => ({ message: 'City successfully fetched.', type: 'success', code: 200, data: { data: PATHAO_FIXTURE.cities } }));
  app.get<{ Params: { id: string } }>(`${API}/cities/:id/zone-list`, async (req) => ({
    message: 'Zone list fetched.',
    type: 'success',
    code: 200,
    data: { data: PATHAO_FIXTURE.zones[Number(req.params.id)] ?? [] },
  }));
  app.get<{ Params: { id: string } }>(`${API}/zones/:id/area-list`, async (req) => ({
    message: 'Area list fetched.',
    type: 'success',
    code: 200,
    data: { data: PATHAO_FIXTURE.areas[Number(req.params.id)] ?? [] },
  }));

  app.post(`${API}/orders`, async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    if (Number(b.store_id) !== credentials.store_id) errors.store_id = ['The selected store id is invalid.'];
    if (typeof b.recipient_name !== 'string' || b.recipient_name.length < 3) errors.recipient_name = ['The recipient name must be at least 3 characters.'];
    if (typeof b.recipient_phone !== 'string' || !/^01\d{9}$/.test(b.recipient_phone)) errors.recipient_phone = ['The recipient phone format is invalid.'];
    if (typeof b.recipient_address !== 'string' || b.recipient_address.length < 10) errors.recipient_address = ['The recipient address must be at least 10 characters.'];
    const city = Number(b.recipient_city);
    const zone = Number(b.recipient_zone);
    if (!PATHAO_FIXTURE.cities.some((c) => c.city_id === city)) errors.recipient_city = ['The selected recipient city is invalid.'];
    else if (!(PATHAO_FIXTURE.zones[city] ?? []).some((z) => z.zone_id === zone)) errors.recipient_zone = ['The selected recipient zone is invalid.'];
    if (![12, 48].includes(Number(b.delivery_type))) errors.delivery_type = ['The selected delivery type is invalid.'];
    if (![1, 2].includes(Number(b.item_type))) errors.item_type = ['The selected item type is invalid.'];
    const weight = Number(b.item_weight);
    if (!(weight >= 0.5 && weight <= 10)) errors.item_weight = ['The item weight must be between 0.5 and 10.'];
    if (!Number.isInteger(Number(b.item_quantity)) || Number(b.item_quantity) < 1) errors.item_quantity = ['The item quantity must be at least 1.'];
    if (typeof b.amount_to_collect !== 'number' || b.amount_to_collect < 0) errors.amount_to_collect = ['The amount to collect must be a number.'];
    const merchantOrderId = typeof b.merchant_order_id === 'string' ? b.merchant_order_id : null;
    if (merchantOrderId && [...orders.values()].some((o) => o.merchant_order_id === merchantOrderId)) errors.merchant_order_id = ['The merchant order id has already been taken.'];
    if (Object.keys(errors).length > 0) return invalid(reply, errors);
    const consignment_id = `DL${String(121224 + orders.size)}VS${String(orders.size + 1).padStart(4, '0')}`;
    const order: PathaoOrder = {
      consignment_id,
      merchant_order_id: merchantOrderId,
      store_id: credentials.store_id,
      recipient_name: b.recipient_name as string,
      recipient_phone: b.recipient_phone as string,
      recipient_address: b.recipient_address as string,
      recipient_city: city,
      recipient_zone: zone,
      recipient_area: b.recipient_area === undefined ? null : Number(b.recipient_area),
      amount_to_collect: b.amount_to_collect as number,
      order_status: 'Pending',
      order_status_slug: 'Pending',
      updated_at: pathaoNow(),
    };
    orders.set(consignment_id, order);
    return { message: 'Order Created Successfully', type: 'success', code: 200, data: { consignment_id, merchant_order_id: merchantOrderId, order_status: 'Pending', delivery_fee: 80 } };
  });

  // The price plan (reference §3 Pathao): 60 taka inside Dhaka, 110 elsewhere, no discount; COD 1 % of the amount collected.
  app.post(`${API}/merchant/price-plan`, async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    if (Number(b.store_id) !== credentials.store_id) errors.store_id = ['The selected store id is invalid.'];
    const city = Number(b.recipient_city);
    if (!PATHAO_FIXTURE.cities.some((c) => c.city_id === city)) errors.recipient_city = ['The selected recipient city is invalid.'];
    else if (!(PATHAO_FIXTURE.zones[city] ?? []).some((z) => z.zone_id === Number(b.recipient_zone))) errors.recipient_zone = ['The selected recipient zone is invalid.'];
    if (![12, 48].includes(Number(b.delivery_type))) errors.delivery_type = ['The selected delivery type is invalid.'];
    if (![1, 2].includes(Number(b.item_type))) errors.item_type = ['The selected item type is invalid.'];
    if (!(Number(b.item_weight) >= 0.5 && Number(b.item_weight) <= 10)) errors.item_weight = ['The item weight must be between 0.5 and 10.'];
    if (Object.keys(errors).length > 0) return invalid(reply, errors);
    const price = city === 1 ? 60 : 110;
    return { message: 'price', type: 'success', code: 200, data: { price, discount: 0, promo_discount: 0, plan_id: 69, cod_enabled: 1, cod_percentage: 0.01, additional_charge: 0, final_price: price } };
  });

  app.get<{ Params: { id: string } }>(`${API}/orders/:id/info`, async (req, reply) => {
    const o = orders.get(req.params.id);
    if (!o) return reply.code(404).send({ message: 'Order not found.', type: 'error', code: 404 });
    return {
      message: 'Order info',
      type: 'success',
      code: 200,
      data: { consignment_id: o.consignment_id, merchant_order_id: o.merchant_order_id, order_status: o.order_status, order_status_slug: o.order_status_slug, updated_at: o.updated_at, invoice_id: null },
    };
  });

  const post = (url: string, secret: string | null, body: unknown) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(secret !== null && { 'X-PATHAO-Signature': secret }) }, body: JSON.stringify(body) });

  const fake: PathaoFake = {
    baseUrl: '',
    credentials,
    orders,
    calls,
    grants: { password: 0, refresh_token: 0 },
    expiresIn: 432000,
    expireTokens: () => {
      for (const k of access.keys()) access.set(k, 0);
    },
    revokeRefreshTokens: () => refresh.clear(),
    inject: (f) => void faults.push({ ...f }),
    clearFaults: () => void (faults = []),
    handshake: (url, secret) => post(url, secret, { event: 'webhook_integration' }),
    async integrate(url, secret) {
      const res = await fake.handshake(url, secret);
      return { integrated: res.status === 202 && res.headers.get('x-pathao-merchant-webhook-integration-secret') === PATHAO_HANDSHAKE_VALUE, status: res.status };
    },
    setStatus(consignmentId, event) {
      const o = orders.get(consignmentId);
      if (!o) throw new Error(`fake pathao: no order ${consignmentId}`);
      Object.assign(o, statusOf(event), { updated_at: pathaoNow() });
    },
    async event(url, secret, consignmentId, event, extra = {}) {
      fake.setStatus(consignmentId, event);
      const o = orders.get(consignmentId)!;
      return post(url, secret, {
        consignment_id: o.consignment_id,
        merchant_order_id: o.merchant_order_id,
        updated_at: o.updated_at,
        timestamp: new Date().toISOString(),
        store_id: o.store_id,
        event,
        ...extra,
      });
    },
    close: () => app.close(),
  };

  // Control endpoints, for a Haat server in another process (e2e).
  app.post('/__fake/event', async (req) => {
    const { url, secret, consignment_id, event } = req.body as { url: string; secret: string; consignment_id: string; event: string };
    return { webhook_status: (await fake.event(url, secret, consignment_id, event)).status };
  });
  app.post('/__fake/fault', async (req) => {
    fake.inject(req.body as PathaoFault);
    return { ok: true };
  });

  fake.baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return fake;
}

/** The shop's settings for this fake: its base URL, client and merchant credentials and store. */
export function pathaoEnv(pathao: PathaoFake): Record<string, string> {
  const c = pathao.credentials;
  return { PATHAO_BASE_URL: pathao.baseUrl, PATHAO_CLIENT_ID: c.client_id, PATHAO_CLIENT_SECRET: c.client_secret, PATHAO_USERNAME: c.username, PATHAO_PASSWORD: c.password, PATHAO_STORE_ID: String(c.store_id) };
}
