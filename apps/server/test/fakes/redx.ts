import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A faithful local fake of RedX's OpenAPI v1.0.0-beta for tests (reference §3 RedX, §8.6): a real HTTP server
 * on a free port, in-memory state, deterministic ids and RedX's field names. Every call must carry
 * `API-ACCESS-TOKEN: Bearer <token>`; areas by `district_name` or `post_code`; `POST /parcel` checks its
 * fields (the area's id and name must agree, the amount to collect is a string, weight in grams, the pickup
 * store must be the merchant's) and answers `{tracking_id}`; parcel info and its bilingual track; the PATCH
 * cancel; the charge calculator; and a webhook sender putting the merchant's token in the query string, as
 * RedX does. Faults (429, 5xx, slowness) can be injected; `POST /__fake/...` drives it from another process.
 */

export const REDX_AREAS = [
  { id: 1, name: 'Mirpur', post_code: 1216, division_name: 'Dhaka', zone_id: 1, district_name: 'Dhaka' },
  { id: 2, name: 'Gulshan', post_code: 1212, division_name: 'Dhaka', zone_id: 1, district_name: 'Dhaka' },
  { id: 3, name: 'Dhanmondi', post_code: 1209, division_name: 'Dhaka', zone_id: 1, district_name: 'Dhaka' },
  { id: 4, name: 'Mirpur DOHS', post_code: 1216, division_name: 'Dhaka', zone_id: 1, district_name: 'Dhaka' },
  { id: 20, name: 'Agrabad', post_code: 4100, division_name: 'Chattogram', zone_id: 2, district_name: 'Chattogram' },
  { id: 30, name: 'Zindabazar', post_code: 3100, division_name: 'Sylhet', zone_id: 3, district_name: 'Sylhet' },
];

/** RedX's own words for each status, in English and Bangla, as its track and webhook carry them. */
export const REDX_MESSAGES: Record<string, { en: string; bn: string }> = {
  'pickup-pending': { en: 'Parcel is created and waiting for pickup', bn: 'পার্সেল তৈরি হয়েছে, পিকআপের অপেক্ষায়' },
  'ready-for-delivery': { en: 'Parcel is at the delivery hub', bn: 'পার্সেল ডেলিভারি হাবে আছে' },
  'delivery-in-progress': { en: 'Parcel is out for delivery', bn: 'পার্সেল ডেলিভারির পথে' },
  delivered: { en: 'Parcel is delivered', bn: 'পার্সেল ডেলিভারি হয়েছে' },
  'agent-hold': { en: 'Parcel is on hold', bn: 'পার্সেল হোল্ডে আছে' },
  'agent-returning': { en: 'Parcel is being returned', bn: 'পার্সেল ফেরত যাচ্ছে' },
  returned: { en: 'Parcel is returned to the merchant', bn: 'পার্সেল মার্চেন্টের কাছে ফেরত গেছে' },
  'agent-area-change': { en: 'Delivery area changed', bn: 'ডেলিভারি এলাকা পরিবর্তন হয়েছে' },
  cancelled: { en: 'Parcel is cancelled', bn: 'পার্সেল বাতিল হয়েছে' },
};

export interface RedxParcel {
  tracking_id: string;
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  delivery_area: string;
  delivery_area_id: number;
  merchant_invoice_id: string | null;
  cash_collection_amount: string;
  parcel_weight: number;
  value: number;
  pickup_store_id: number;
  instruction: string | null;
  status: string;
  charge: number;
  tracking: { message_en: string; message_bn: string; time: string }[];
}

export interface RedxFault {
  /** Paths starting with this, e.g. '/parcel'. Unset: every API path. */
  path?: string;
  status?: number;
  delayMs?: number;
  times?: number;
}

export interface RedxFake {
  /** The base URL to configure as REDX_BASE_URL. */
  baseUrl: string;
  token: string;
  pickupStoreId: number;
  pickupAreaId: number;
  parcels: Map<string, RedxParcel>;
  calls: { method: string; path: string; query: Record<string, string>; body: unknown }[];
  inject(fault: RedxFault): void;
  clearFaults(): void;
  /** Moves a parcel on without a webhook (a missed one), as parcel info will then answer. */
  setStatus(trackingId: string, status: string): void;
  /**
   * Moves a parcel on and POSTs RedX's webhook to `url?token=<token>` (no token: none in the query).
   * `extra` overrides fields of the body (an older timestamp, another invoice_number).
   */
  event(url: string, token: string | null, trackingId: string, status: string, extra?: Record<string, unknown>): Promise<Response>;
  /** POSTs a webhook body without moving anything (a replay, a forgery). */
  post(url: string, token: string | null, body: Record<string, unknown>): Promise<Response>;
  /** The body the last webhook for this parcel carried. */
  lastWebhook(trackingId: string): Record<string, unknown> | undefined;
  close(): Promise<void>;
}

/** RedX's version prefix, part of every API path (reference: `https://openapi.redx.com.bd/v1.0.0-beta`). */
const API = '/v1.0.0-beta';
const DHAKA_CHARGE = 60;
const OUTSIDE_CHARGE = 110;

export async function startRedxFake(opts: { port?: number } = {}): Promise<RedxFake> {
  const token = 'fake-redx-jwt.eyJtZXJjaGFudCI6NDJ9.sig';
  const pickupStoreId = 7001;
  const pickupAreaId = 3;
  const parcels = new Map<string, RedxParcel>();
  const webhooks = new Map<string, Record<string, unknown>>();
  const calls: RedxFake['calls'] = [];
  let faults: RedxFault[] = [];
  let serial = 0;
  let clock = 0;
  const app = Fastify({ logger: false, forceCloseConnections: true });

  /** Times only move forward, a second a step, so two events never share a time. */
  const stamp = () => new Date(Math.max(Date.now(), (clock += 1000))).toISOString();
  const record = (p: RedxParcel, status: string) => {
    const words = REDX_MESSAGES[status] ?? { en: status, bn: status };
    p.status = status;
    p.tracking.push({ message_en: words.en, message_bn: words.bn, time: stamp() });
  };

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0]!;
    if (path.startsWith('/__fake/')) return;
    const rule = faults.find((f) => !f.path || path.startsWith(f.path));
    if (rule) {
      if (rule.times !== undefined && --rule.times <= 0) faults = faults.filter((f) => f !== rule);
      if (rule.delayMs) await new Promise((r) => setTimeout(r, rule.delayMs));
      if (rule.status) return reply.code(rule.status).send({ message: rule.status === 429 ? 'Too many requests' : 'Internal server error' });
    }
    if (req.headers['api-access-token'] !== `Bearer ${token}`) return reply.code(401).send({ message: 'Unauthorized' });
  });
  app.addHook('preHandler', async (req) => {
    const path = req.url.split('?')[0]!;
    if (path.startsWith(`${API}/`)) calls.push({ method: req.method, path: path.slice(API.length), query: req.query as Record<string, string>, body: req.body });
  });

  app.get<{ Querystring: { district_name?: string; post_code?: string } }>(`${API}/areas`, async (req) => {
    const { district_name, post_code } = req.query;
    const rows = REDX_AREAS.filter(
      (a) => (!district_name || a.district_name.toLowerCase() === district_name.toLowerCase()) && (!post_code || String(a.post_code) === post_code),
    );
    return { areas: rows.map(({ district_name: _d, ...a }) => a) };
  });

  app.get(`${API}/pickup/stores`, async () => ({ pickup_stores: [{ id: pickupStoreId, name: 'Haat Dhanmondi', address: 'House 12, Road 4, Dhanmondi', area_name: 'Dhanmondi', area_id: pickupAreaId, phone: '01700000000' }] }));

  app.post(`${API}/parcel`, async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    if (typeof b.customer_name !== 'string' || b.customer_name.trim() === '') errors.customer_name = ['customer_name is required'];
    if (typeof b.customer_phone !== 'string' || !/^01[3-9]\d{8}$/.test(b.customer_phone)) errors.customer_phone = ['customer_phone must be a valid 11 digit mobile number'];
    if (typeof b.customer_address !== 'string' || b.customer_address.trim() === '') errors.customer_address = ['customer_address is required'];
    const area = REDX_AREAS.find((a) => a.id === b.delivery_area_id);
    if (!area) errors.delivery_area_id = ['delivery_area_id is invalid'];
    else if (b.delivery_area !== area.name) errors.delivery_area = ['delivery_area does not match delivery_area_id'];
    if (typeof b.cash_collection_amount !== 'string' || !/^\d+(\.\d+)?$/.test(b.cash_collection_amount)) errors.cash_collection_amount = ['cash_collection_amount must be a numeric string'];
    if (typeof b.parcel_weight !== 'number' || b.parcel_weight <= 0) errors.parcel_weight = ['parcel_weight (grams) is required'];
    if (typeof b.value !== 'number' || b.value < 0) errors.value = ['value is required'];
    if (b.pickup_store_id !== undefined && b.pickup_store_id !== pickupStoreId) errors.pickup_store_id = ['pickup_store_id is invalid'];
    if (Object.keys(errors).length > 0) return reply.code(400).send({ message: 'Validation failed', validation_errors: errors });
    serial++;
    const tracking_id = `20A${String(312 + serial)}THJ${String.fromCharCode(64 + ((serial % 26) || 26))}${serial % 10}`;
    const cash = Number(b.cash_collection_amount);
    const parcel: RedxParcel = {
      tracking_id,
      customer_name: b.customer_name as string,
      customer_phone: b.customer_phone as string,
      customer_address: b.customer_address as string,
      delivery_area: area!.name,
      delivery_area_id: area!.id,
      merchant_invoice_id: typeof b.merchant_invoice_id === 'string' ? b.merchant_invoice_id : null,
      cash_collection_amount: b.cash_collection_amount as string,
      parcel_weight: b.parcel_weight as number,
      value: b.value as number,
      pickup_store_id: (b.pickup_store_id as number | undefined) ?? pickupStoreId,
      instruction: typeof b.instruction === 'string' ? b.instruction : null,
      status: 'pickup-pending',
      charge: (area!.district_name === 'Dhaka' ? DHAKA_CHARGE : OUTSIDE_CHARGE) + Math.round(cash * 0.01),
      tracking: [],
    };
    record(parcel, 'pickup-pending');
    parcels.set(tracking_id, parcel);
    return { tracking_id };
  });

  const notFound = (reply: FastifyReply) => reply.code(404).send({ message: 'Parcel not found' });
  app.get<{ Params: { id: string } }>(`${API}/parcel/info/:id`, async (req, reply) => {
    const p = parcels.get(req.params.id);
    if (!p) return notFound(reply);
    const { tracking: _t, ...parcel } = p;
    return { parcel };
  });
  app.get<{ Params: { id: string } }>(`${API}/parcel/track/:id`, async (req, reply) => {
    const p = parcels.get(req.params.id);
    if (!p) return notFound(reply);
    return { tracking: p.tracking };
  });
  app.patch(`${API}/parcels`, async (req, reply) => {
    const b = (req.body ?? {}) as { entity_type?: string; entity_id?: string; update_details?: { property_name?: string; new_value?: string } };
    const p = b.entity_type === 'parcel-tracking-id' ? parcels.get(b.entity_id ?? '') : undefined;
    if (!p) return notFound(reply);
    if (b.update_details?.property_name !== 'status' || b.update_details.new_value !== 'cancelled') return reply.code(400).send({ message: 'Only a cancel is accepted' });
    if (p.status !== 'pickup-pending') return reply.code(400).send({ message: 'Parcel can not be cancelled now' });
    record(p, 'cancelled');
    return { success: true, message: 'Request Accepted' };
  });

  app.get<{ Querystring: Record<string, string> }>(`${API}/charge/charge_calculator`, async (req, reply) => {
    const area = REDX_AREAS.find((a) => String(a.id) === req.query.delivery_area_id);
    if (!area || !REDX_AREAS.some((a) => String(a.id) === req.query.pickup_area_id)) return reply.code(400).send({ message: 'Invalid area' });
    const cash = Number(req.query.cash_collection_amount ?? 0);
    return { deliveryCharge: area.district_name === 'Dhaka' ? DHAKA_CHARGE : OUTSIDE_CHARGE, codCharge: Math.round(cash * 0.01) };
  });

  const post = (url: string, key: string | null, body: Record<string, unknown>) => {
    const target = new URL(url);
    if (key !== null) target.searchParams.set('token', key);
    return fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  };

  const fake: RedxFake = {
    baseUrl: '',
    token,
    pickupStoreId,
    pickupAreaId,
    parcels,
    calls,
    inject: (f) => void faults.push({ ...f }),
    clearFaults: () => void (faults = []),
    setStatus(trackingId, status) {
      const p = parcels.get(trackingId);
      if (!p) throw new Error(`fake redx: no parcel ${trackingId}`);
      record(p, status);
    },
    async event(url, key, trackingId, status, extra = {}) {
      fake.setStatus(trackingId, status);
      const p = parcels.get(trackingId)!;
      const last = p.tracking.at(-1)!;
      const body = { tracking_number: p.tracking_id, timestamp: last.time, status, message_en: last.message_en, message_bn: last.message_bn, invoice_number: p.merchant_invoice_id, ...extra };
      webhooks.set(trackingId, body);
      return post(url, key, body);
    },
    post,
    lastWebhook: (id) => webhooks.get(id),
    close: () => app.close(),
  };

  // Control endpoints, for a Haat server in another process (e2e).
  app.post('/__fake/event', async (req) => {
    const { url, token: key, tracking_id, status } = req.body as { url: string; token: string; tracking_id: string; status: string };
    return { webhook_status: (await fake.event(url, key, tracking_id, status)).status };
  });
  app.get('/__fake/parcels', async () => [...parcels.values()]);
  app.post('/__fake/fault', async (req) => {
    fake.inject(req.body as RedxFault);
    return { ok: true };
  });

  fake.baseUrl = `${await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' })}${API}`;
  return fake;
}
