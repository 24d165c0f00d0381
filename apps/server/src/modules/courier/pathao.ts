import { callJson, courierTime, CourierRefused, type Booked, type Courier, type CourierPlace, type CourierStatus, type Parcel } from './types';
import { pathaoStage } from './stages';

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

const API = '/aladdin/api/v1';
const NAME = 'Pathao';

/**
 * What Pathao's webhook integration handshake must be answered with in
 * X-Pathao-Merchant-Webhook-Integration-Secret: a fixed value from Pathao's
 * documentation, not the merchant's secret (Pathao refuses any other value).
 */
export const PATHAO_INTEGRATION_SECRET = 'f3992ecc-59da-4cbe-a049-a13da2018d51';

/** Pathao's error text: its message, and the first field error when it lists them (422). */
function refusal(body: Record<string, unknown>, fallback: string): CourierRefused {
  const message = typeof body.message === 'string' ? body.message : fallback;
  const errors = body.errors as Record<string, unknown> | undefined;
  const first = errors && Object.values(errors).flat()[0];
  return new CourierRefused(typeof first === 'string' && first !== message ? `${message}: ${first}` : message);
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

  private async issue(grant: { grant_type: 'password'; username: string; password: string } | { grant_type: 'refresh_token'; refresh_token: string }): Promise<Token> {
    const { status, body } = await callJson(NAME, `${this.s.baseUrl}${API}/issue-token`, {
      method: 'POST',
      body: { client_id: this.s.clientId, client_secret: this.s.clientSecret, ...grant },
      timeoutMs: this.timeoutMs,
    });
    if (status !== 200 || typeof body.access_token !== 'string') {
      throw new CourierRefused(`Pathao refused the shop's credentials (${typeof body.message === 'string' ? body.message : status}). Check the PATHAO_* settings.`);
    }
    const expiresIn = Number(body.expires_in) || 3600;
    return { access: body.access_token, refresh: String(body.refresh_token ?? ''), renewAt: this.now() + Math.max(0, expiresIn - 60) * 1000 };
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
            if (!(err instanceof CourierRefused)) throw err;
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

  private async call(method: 'GET' | 'POST', path: string, body?: unknown) {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken(attempt > 0);
      const res = await callJson(NAME, `${this.s.baseUrl}${API}${path}`, { method, body, headers: { authorization: `Bearer ${token}` }, timeoutMs: this.timeoutMs });
      if (res.status === 401 && attempt === 0) continue;
      return res;
    }
  }

  private async list(key: string, path: string, kind: 'city' | 'zone' | 'area'): Promise<CourierPlace[]> {
    const cached = this.places.get(key);
    if (cached && this.now() - cached.at < (this.s.placesTtlMs ?? 24 * 3600_000)) return cached.list;
    const list = (async () => {
      const { status, body } = await this.call('GET', path);
      if (status !== 200) throw refusal(body, `Pathao did not give the list (${status}).`);
      const rows = ((body.data as { data?: unknown[] } | undefined)?.data ?? []) as Record<string, unknown>[];
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
    if (!p.place) throw new CourierRefused('Pathao needs a city and a zone.');
    const { status, body } = await this.call('POST', '/orders', {
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
    const data = body.data as { consignment_id?: unknown; order_status?: unknown } | undefined;
    if (status !== 200 || !data?.consignment_id) throw refusal(body, `Pathao refused the order (${status}).`);
    // Pathao's consignment id is also what its tracking page takes.
    const id = String(data.consignment_id);
    return { consignmentId: id, trackingCode: id, status: String(data.order_status ?? 'Pending') };
  }

  async orderInfo(consignmentId: string): Promise<CourierStatus> {
    const { status, body } = await this.call('GET', `/orders/${encodeURIComponent(consignmentId)}/info`);
    const data = body.data as { order_status?: unknown; order_status_slug?: unknown; updated_at?: unknown } | undefined;
    if (status !== 200 || !data) throw refusal(body, `Pathao does not know consignment ${consignmentId} (${status}).`);
    const slug = String(data.order_status_slug ?? data.order_status ?? 'unknown');
    return { status: slug, message: String(data.order_status ?? slug), at: courierTime(data.updated_at, this.now) };
  }
}

export function pathaoCourier(client: PathaoClient): Courier {
  return {
    provider: 'pathao',
    book: (p) => client.createOrder(p),
    status: (id) => client.orderInfo(id),
    stageOf: pathaoStage,
    places: { cities: () => client.cities(), zones: (c) => client.zones(c), areas: (z) => client.areas(z) },
  };
}
