import { z } from 'zod';
import { courierRefusal, courierTime, courierUnavailable, type Booked, type CourierStatus, type Parcel } from '../courier';
import { ProviderError, providerRequest, type RetryPolicy } from '../http';

/*
 * RedX's OpenAPI v1.0.0-beta (reference §3 RedX; decision 0122): one header
 * `API-ACCESS-TOKEN: Bearer <jwt>`, the parcel created with the area RedX
 * knows (`delivery_area`, `delivery_area_id`, from `GET /areas?district_name=`,
 * cached), its status from `GET /parcel/info/{id}`, its bilingual history from
 * `GET /parcel/track/{id}`, and the price from the charge calculator.
 */

export interface RedxSettings {
  baseUrl: string;
  /** The merchant's JWT, sent as `API-ACCESS-TOKEN: Bearer <jwt>`. */
  accessToken: string;
  pickupStoreId: number;
  /** The pickup store's RedX area, for the charge calculator; unset: no price. */
  pickupAreaId?: number;
  timeoutMs?: number;
  /** A district's areas change rarely: kept this long. */
  areasTtlMs?: number;
  now?: () => number;
}

export interface RedxArea {
  id: number;
  name: string;
  post_code: number | null;
  division_name: string;
  zone_id: number | null;
}

const NAME = 'RedX';
/** RedX's parcel weight is in grams; a shop's parcel is taken as half a kilo, as with Pathao. */
const PARCEL_GRAMS = 500;

const areasSchema = z.looseObject({
  areas: z.array(
    z.looseObject({
      id: z.coerce.number(),
      name: z.string(),
      post_code: z.union([z.number(), z.string()]).nullish(),
      division_name: z.string().nullish(),
      zone_id: z.union([z.number(), z.string()]).nullish(),
    }),
  ),
});
const createdSchema = z.looseObject({ tracking_id: z.string().min(1) });
const infoSchema = z.looseObject({ parcel: z.looseObject({ tracking_id: z.string().optional(), status: z.string().min(1), charge: z.coerce.number().optional() }) });
const trackSchema = z.looseObject({ tracking: z.array(z.looseObject({ message_en: z.string().default(''), message_bn: z.string().default(''), time: z.string().optional() })) });
const chargeSchema = z.looseObject({ deliveryCharge: z.coerce.number(), codCharge: z.coerce.number().default(0) });

const bodySchema = z.record(z.string(), z.unknown());

/** RedX's words for a refusal: its message, and the first validation error when it lists them. */
function refusal(body: Record<string, unknown>, fallback: string): ProviderError {
  const message = typeof body.message === 'string' && body.message ? body.message : fallback;
  const errors = bodySchema.safeParse(body.validation_errors ?? body.errors);
  const first = errors.success ? Object.values(errors.data).flat()[0] : undefined;
  return courierRefusal(NAME, typeof first === 'string' && first !== message ? `${message}: ${first}` : message);
}

/** Lower case, one space, no punctuation: how an address line and an area name are compared. */
const words = (s: string) => ` ${s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;

/** A thin typed client of RedX's merchant API. */
export class RedxClient {
  private readonly areaLists = new Map<string, { at: number; list: Promise<RedxArea[]> }>();
  private readonly now: () => number;
  private readonly timeoutMs: number;

  constructor(private readonly s: RedxSettings) {
    this.now = s.now ?? Date.now;
    this.timeoutMs = s.timeoutMs ?? 15_000;
  }

  private async call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, retry: RetryPolicy, schema: S, body?: unknown): Promise<z.output<S>> {
    try {
      return await providerRequest({ provider: NAME, method, url: `${this.s.baseUrl}${path}`, headers: { 'API-ACCESS-TOKEN': `Bearer ${this.s.accessToken}` }, body, timeoutMs: this.timeoutMs, retry, schema });
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      const parsed = bodySchema.safeParse(err.body === undefined ? {} : err.body);
      if (err.kind === 'refused' && parsed.success) throw refusal(parsed.data, `RedX refused the request (${err.status}).`);
      if (err.kind === 'refused') throw courierRefusal(NAME, `RedX refused the request (${err.status}).`);
      throw courierUnavailable(err);
    }
  }

  /** `GET /areas?district_name=`: the district's delivery areas, kept for a day; a failed fetch is not kept. */
  areas(district: string): Promise<RedxArea[]> {
    const key = district.trim().toLowerCase();
    const cached = this.areaLists.get(key);
    if (cached && this.now() - cached.at < (this.s.areasTtlMs ?? 24 * 3600_000)) return cached.list;
    const list = this.call('GET', `/areas?district_name=${encodeURIComponent(district.trim())}`, 'idempotent', areasSchema).then((a) =>
      a.areas.map((r) => ({ id: r.id, name: r.name, post_code: r.post_code == null ? null : Number(r.post_code), division_name: r.division_name ?? '', zone_id: r.zone_id == null ? null : Number(r.zone_id) })),
    );
    this.areaLists.set(key, { at: this.now(), list });
    list.catch(() => this.areaLists.delete(key));
    return list;
  }

  /**
   * The RedX area of an address: among the district's areas, the one whose name (the longest, when several)
   * the address line holds as whole words, or whose post code it holds; null when none does.
   */
  async areaFor(district: string, addressLine: string): Promise<RedxArea | null> {
    const line = words(addressLine);
    const found = (await this.areas(district))
      .filter((a) => (a.name && line.includes(words(a.name))) || (a.post_code !== null && line.includes(` ${a.post_code} `)))
      .sort((a, b) => b.name.length - a.name.length);
    return found[0] ?? null;
  }

  private async areaOf(p: Parcel): Promise<RedxArea> {
    const area = await this.areaFor(p.city, p.recipientAddress);
    if (!area) throw courierRefusal(NAME, `RedX needs the delivery area: none of RedX's areas in ${p.city} is named in the address.`);
    return area;
  }

  /** `POST /parcel`. Never retried: a second try could make a second parcel. */
  async createParcel(p: Parcel): Promise<Booked> {
    const area = await this.areaOf(p);
    const created = await this.call('POST', '/parcel', 'never', createdSchema, {
      customer_name: p.recipientName,
      customer_phone: p.recipientPhone,
      delivery_area: area.name,
      delivery_area_id: area.id,
      customer_address: p.recipientAddress,
      merchant_invoice_id: p.invoice,
      cash_collection_amount: String(p.codAmount),
      parcel_weight: PARCEL_GRAMS,
      instruction: p.note || undefined,
      value: p.codAmount,
      pickup_store_id: this.s.pickupStoreId,
      parcel_details_json: [{ name: p.itemDescription.slice(0, 100) || 'Parcel', category: 'parcel', value: p.codAmount }],
    });
    return { consignmentId: created.tracking_id, trackingCode: created.tracking_id, status: 'pickup-pending' };
  }

  /** `GET /parcel/info/{tracking_id}`: its status word (RedX's info has no time of its own). */
  async parcelInfo(trackingId: string): Promise<CourierStatus> {
    const info = await this.call('GET', `/parcel/info/${encodeURIComponent(trackingId)}`, 'idempotent', infoSchema);
    return { status: info.parcel.status, message: `RedX: ${info.parcel.status.replaceAll('-', ' ')}`, at: new Date(this.now()) };
  }

  /** `GET /parcel/track/{tracking_id}`: RedX's history in English and Bangla, oldest first. */
  async track(trackingId: string): Promise<{ message_en: string; message_bn: string; at: Date }[]> {
    const t = await this.call('GET', `/parcel/track/${encodeURIComponent(trackingId)}`, 'idempotent', trackSchema);
    return t.tracking.map((e) => ({ message_en: e.message_en, message_bn: e.message_bn, at: courierTime(e.time, this.now) }));
  }

  /** `GET /charge/charge_calculator`: what RedX charges for the parcel (delivery and COD charge), whole taka; null without a pickup area. */
  async charge(p: Parcel): Promise<number | null> {
    if (!this.s.pickupAreaId) return null;
    const area = await this.areaFor(p.city, p.recipientAddress);
    if (!area) return null;
    const q = new URLSearchParams({ delivery_area_id: String(area.id), pickup_area_id: String(this.s.pickupAreaId), cash_collection_amount: String(p.codAmount), weight: String(PARCEL_GRAMS) });
    const c = await this.call('GET', `/charge/charge_calculator?${q}`, 'idempotent', chargeSchema);
    return Math.round(c.deliveryCharge + c.codCharge);
  }
}
