import { z } from 'zod';
import { courierRefusal, courierTime, courierUnavailable, type Booked, type CourierPlace, type CourierStatus, type Parcel } from '../courier';
import { ProviderError, providerRequest, type RetryPolicy } from '../http';

export interface PathaoSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  storeId: number;
  timeoutMs?: number;
  /** The city/zone/area lists change rarely: kept this long. */
  placesTtlMs?: number;
  now?: () => number;
}

interface Token {
  access: string;
  refresh: string;
  /** Renewed a minute before Pathao's expires_in runs out. */
  renewAt: number;
}

/*
 * Answers' shapes, Pathao's field names (reference §Pathao). A 2xx that does
 * not fit is read like a refusal: Pathao's message when it gave one.
 */
const tokenSchema = z.looseObject({
  access_token: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.union([z.number(), z.string()]).optional(),
});
const placeRows = (kind: 'city' | 'zone' | 'area') =>
  z.looseObject({
    data: z.looseObject({ data: z.array(z.looseObject({ [`${kind}_id`]: z.union([z.number(), z.string()]), [`${kind}_name`]: z.string().optional() })).optional() }).optional(),
  });
const createdSchema = z.looseObject({
  data: z.looseObject({ consignment_id: z.union([z.string().min(1), z.number()]), order_status: z.string().optional() }),
});
const infoSchema = z.looseObject({
  data: z.looseObject({ order_status: z.string().optional(), order_status_slug: z.string().optional(), updated_at: z.string().optional() }),
});

/** A good answer, or Pathao's refusal (a 4xx, or a 2xx that is not the expected shape) with its status and body. */
type Answer<T> = { ok: true; data: T } | { ok: false; status: number; body: Record<string, unknown> };

const API = '/aladdin/api/v1';
const NAME = 'Pathao';

/**
 * What Pathao's webhook integration handshake must be answered with in
 * X-Pathao-Merchant-Webhook-Integration-Secret: a fixed value from Pathao's
 * documentation, not the merchant's secret (Pathao refuses any other value).
 */
export const PATHAO_INTEGRATION_SECRET = 'f3992ecc-59da-4cbe-a049-a13da2018d51';

const priceSchema = z.looseObject({ data: z.looseObject({ final_price: z.coerce.number(), cod_percentage: z.coerce.number().default(0) }) });
const bodySchema = z.record(z.string(), z.unknown());
const fieldErrorsSchema = z.record(z.string(), z.unknown());

/** Pathao's error text: its message, and the first field error when it lists them (422). */
function refusal(body: Record<string, unknown>, fallback: string): ProviderError {
  const message = typeof body.message === 'string' ? body.message : fallback;
  const errors = fieldErrorsSchema.safeParse(body.errors);
  const first = errors.success ? Object.values(errors.data).flat()[0] : undefined;
  return courierRefusal(NAME, typeof first === 'string' && first !== message ? `${message}: ${first}` : message);
}

/**
 * Pathao's Aladdin API: issue-token with the password grant once, then the
 * refresh grant (and the password grant again when the refresh token is
 * refused); a 401 on a call renews the token once and retries.
 */
export class PathaoClient {
  private token: Token | null = null;
  private renewing: Promise<Token> | null = null;
  private readonly places = new Map<string, { at: number; list: Promise<CourierPlace[]> }>();
  private readonly now: () => number;
  private readonly timeoutMs: number;

  constructor(private readonly s: PathaoSettings) {
    this.now = s.now ?? Date.now;
    this.timeoutMs = s.timeoutMs ?? 15_000;
  }

  /** One request through the transport: network trouble is thrown in the courier's words; a refusal is returned to read. */
  private async send<S extends z.ZodType>(method: 'GET' | 'POST', path: string, body: unknown, retry: RetryPolicy, schema: S, headers?: Record<string, string>): Promise<Answer<z.output<S>>> {
    try {
      return { ok: true, data: await providerRequest({ provider: NAME, method, url: `${this.s.baseUrl}${API}${path}`, headers, body, timeoutMs: this.timeoutMs, retry, schema }) };
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      // An empty body reads as {}; text that is not JSON means Pathao is not itself.
      const body = bodySchema.safeParse(err.body === undefined ? {} : err.body);
      if (!(err.kind === 'refused' || err.kind === 'bad-answer') || !body.success) throw courierUnavailable(err);
      return { ok: false, status: err.status, body: body.data };
    }
  }

  private async issue(grant: { grant_type: 'password'; username: string; password: string } | { grant_type: 'refresh_token'; refresh_token: string }): Promise<Token> {
    const answer = await this.send('POST', '/issue-token', { client_id: this.s.clientId, client_secret: this.s.clientSecret, ...grant }, 'idempotent', tokenSchema);
    if (!answer.ok) {
      const { status, body } = answer;
      throw courierRefusal(NAME, `Pathao refused the shop's credentials (${typeof body.message === 'string' ? body.message : status}). Check the PATHAO_* settings.`);
    }
    const { data } = answer;
    const expiresIn = Number(data.expires_in) || 3600;
    return { access: data.access_token, refresh: data.refresh_token ?? '', renewAt: this.now() + Math.max(0, expiresIn - 60) * 1000 };
  }

  /** One renewal at a time, however many calls find the token stale. */
  private async accessToken(force = false): Promise<string> {
    const current = this.token;
    if (current && !force && this.now() < current.renewAt) return current.access;
    this.renewing ??= (async () => {
      try {
        if (current?.refresh) {
          try {
            return await this.issue({ grant_type: 'refresh_token', refresh_token: current.refresh });
          } catch (err) {
            // A refused refresh token (expired, revoked): sign in again. Pathao unreachable: give up for now.
            if (!(err instanceof ProviderError && err.kind === 'refused')) throw err;
          }
        }
        return await this.issue({ grant_type: 'password', username: this.s.username, password: this.s.password });
      } finally {
        this.renewing = null;
      }
    })();
    this.token = await this.renewing;
    return this.token.access;
  }

  /** An authorised call; a 401 renews the token once and asks again. */
  private async call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, retry: RetryPolicy, schema: S, body?: unknown): Promise<Answer<z.output<S>>> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken(attempt > 0);
      const answer = await this.send(method, path, body, retry, schema, { authorization: `Bearer ${token}` });
      if (!answer.ok && answer.status === 401 && attempt === 0) continue;
      return answer;
    }
  }

  private async list(key: string, path: string, kind: 'city' | 'zone' | 'area'): Promise<CourierPlace[]> {
    const cached = this.places.get(key);
    if (cached && this.now() - cached.at < (this.s.placesTtlMs ?? 24 * 3600_000)) return cached.list;
    const list = (async () => {
      const answer = await this.call('GET', path, 'idempotent', placeRows(kind));
      if (!answer.ok) throw refusal(answer.body, `Pathao did not give the list (${answer.status}).`);
      const rows = answer.data.data?.data ?? [];
      return rows.map((r) => ({ id: Number(r[`${kind}_id`]), name: String(r[`${kind}_name`] ?? '') }));
    })();
    this.places.set(key, { at: this.now(), list });
    // A failed fetch is not cached.
    list.catch(() => this.places.delete(key));
    return list;
  }

  cities() {
    return this.list('cities', '/city-list', 'city');
  }
  zones(cityId: number) {
    return this.list(`zones:${cityId}`, `/cities/${cityId}/zone-list`, 'zone');
  }
  areas(zoneId: number) {
    return this.list(`areas:${zoneId}`, `/zones/${zoneId}/area-list`, 'area');
  }

  async createOrder(p: Parcel): Promise<Booked> {
    if (!p.place) throw courierRefusal(NAME, 'Pathao needs a city and a zone.');
    // Never retried: a second try could book a second parcel.
    const answer = await this.call('POST', '/orders', 'never', createdSchema, {
      store_id: this.s.storeId,
      merchant_order_id: p.invoice,
      recipient_name: p.recipientName,
      recipient_phone: p.recipientPhone,
      recipient_address: p.recipientAddress,
      recipient_city: p.place.cityId,
      recipient_zone: p.place.zoneId,
      ...(p.place.areaId && { recipient_area: p.place.areaId }),
      delivery_type: 48,
      item_type: 2,
      special_instruction: p.note || undefined,
      item_quantity: p.itemQuantity,
      item_weight: 0.5,
      item_description: p.itemDescription,
      amount_to_collect: p.codAmount,
    });
    if (!answer.ok) throw refusal(answer.body, `Pathao refused the order (${answer.status}).`);
    const { data } = answer.data;
    // Pathao's consignment id is also what its tracking page takes.
    const id = String(data.consignment_id);
    return { consignmentId: id, trackingCode: id, status: data.order_status ?? 'Pending' };
  }

  /**
   * `POST /merchant/price-plan`: what Pathao charges for the parcel at its city and zone, whole taka: the plan's
   * `final_price` and its `cod_percentage` of the amount collected (the plan is asked without the amount); null
   * without a city and zone.
   */
  async pricePlan(p: Parcel): Promise<number | null> {
    if (!p.place) return null;
    const answer = await this.call('POST', '/merchant/price-plan', 'idempotent', priceSchema, {
      store_id: this.s.storeId,
      item_type: 2,
      delivery_type: 48,
      item_weight: 0.5,
      recipient_city: p.place.cityId,
      recipient_zone: p.place.zoneId,
    });
    if (!answer.ok) throw refusal(answer.body, `Pathao refused the price plan (${answer.status}).`);
    const { final_price, cod_percentage } = answer.data.data;
    return Math.round(final_price + p.codAmount * cod_percentage);
  }

  async orderInfo(consignmentId: string): Promise<CourierStatus> {
    const answer = await this.call('GET', `/orders/${encodeURIComponent(consignmentId)}/info`, 'idempotent', infoSchema);
    if (!answer.ok) throw refusal(answer.body, `Pathao does not know consignment ${consignmentId} (${answer.status}).`);
    const { data } = answer.data;
    const slug = data.order_status_slug ?? data.order_status ?? 'unknown';
    return { status: slug, message: data.order_status ?? slug, at: courierTime(data.updated_at, this.now) };
  }
}
