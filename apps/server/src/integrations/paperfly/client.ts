import { z } from 'zod';
import { districtOf } from '@haat/shared/districts';
import { courierRefusal, courierTime, courierUnavailable, type Booked, type CourierStatus, type Parcel } from '../courier';
import { ProviderError, providerRequest, type RetryPolicy } from '../http';
import { PAPERFLY_THANAS } from './thanas';

/*
 * Paperfly's merchant API (reference §3 Paperfly; decision 0129): every call a JSON POST with the headers
 * `paperflykey: <key>` and `Authorization: Basic base64(user:pass)`. `POST /OrderPlacement` books (the pickup
 * store and the customer's thana and district in Paperfly's own words) and answers `{success:{message,
 * tracking_number}}`; `POST /API-Order-Tracking {ReferenceNumber}` (our merOrderRef) answers the parcel's
 * milestones; a refusal is `{error:{message}}`.
 */

export interface PaperflyPickup {
  name: string;
  address: string;
  thana: string;
  district: string;
  phone: string;
}

export interface PaperflySettings {
  baseUrl: string;
  username: string;
  password: string;
  /** Sent as the `paperflykey` header. */
  key: string;
  /** The shop's pickup store, as registered with Paperfly. */
  pickup: PaperflyPickup;
  timeoutMs?: number;
  now?: () => number;
}

const NAME = 'Paperfly';
/** Paperfly's weight class and limit for a shop's parcel, half a kilo as with Pathao and RedX. */
const SIZE_WEIGHT = 'standard';
const MAX_WEIGHT = '0.5';

/**
 * The milestones of Paperfly's tracking answer, latest first, each with the status word Haat keeps for it (the
 * same words its webhook's `event` carries). A milestone reached carries its time ('YYYY-MM-DD HH:MM:SS', Dhaka).
 */
const MILESTONES = [
  ['Returned', 'returned'],
  ['Delivered', 'delivered'],
  ['PickedForDelivery', 'picked-for-delivery'],
  ['ReceivedAtPoint', 'received-at-point'],
  ['inTransit', 'in-transit'],
  ['Pick', 'picked'],
] as const;

const bookedSchema = z.looseObject({ success: z.looseObject({ message: z.string().default(''), tracking_number: z.coerce.string().min(1) }) });
const milestone = z.string().nullish();
const trackSchema = z.looseObject({
  success: z.looseObject({
    trackingStatus: z.array(z.looseObject(Object.fromEntries(MILESTONES.map(([k]) => [k, milestone])) as Record<(typeof MILESTONES)[number][0], typeof milestone>)).min(1),
  }),
});
const errorSchema = z.looseObject({ error: z.looseObject({ message: z.string().min(1) }) });

/** Lower case, one space, no punctuation: how an address line and a thana name are compared. */
const words = (s: string) => ` ${s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;

/** Paperfly's district and thana for an address, or why it has none (in words for the owner). */
export function paperflyPlace(city: string, addressLine: string): { district: string; thana: string } | { missing: string } {
  const key = districtOf({ address_line: addressLine, city });
  const known = key ? PAPERFLY_THANAS[key] : undefined;
  if (!known) return { missing: `Paperfly needs the thana in its own words, and Haat knows Paperfly's thanas only in ${Object.values(PAPERFLY_THANAS).map((d) => d.district).join(', ')}: book this order with another courier.` };
  const line = words(addressLine);
  const thana = known.thanas.filter((t) => line.includes(words(t))).sort((a, b) => b.length - a.length)[0];
  if (!thana) return { missing: `Paperfly needs the thana: none of Paperfly's thanas in ${known.district} is named in the address.` };
  return { district: known.district, thana };
}

/** A thin typed client of Paperfly's merchant API. */
export class PaperflyClient {
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly auth: string;

  constructor(private readonly s: PaperflySettings) {
    this.now = s.now ?? Date.now;
    this.timeoutMs = s.timeoutMs ?? 15_000;
    this.auth = `Basic ${Buffer.from(`${s.username}:${s.password}`).toString('base64')}`;
  }

  private async call<S extends z.ZodType>(path: string, retry: RetryPolicy, schema: S, body: unknown): Promise<z.output<S>> {
    try {
      return await providerRequest({ provider: NAME, method: 'POST', url: `${this.s.baseUrl}${path}`, headers: { paperflykey: this.s.key, authorization: this.auth }, body, timeoutMs: this.timeoutMs, retry, schema });
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      if (err.kind !== 'refused') throw courierUnavailable(err);
      const said = errorSchema.safeParse(err.body);
      throw courierRefusal(NAME, said.success ? said.data.error.message : `Paperfly refused the request (${err.status}).`);
    }
  }

  /** `POST /OrderPlacement`. Never retried: a second try could make a second parcel. */
  async placeOrder(p: Parcel): Promise<Booked> {
    const place = paperflyPlace(p.city, p.recipientAddress);
    if ('missing' in place) throw courierRefusal(NAME, place.missing);
    const { pickup } = this.s;
    const placed = await this.call('/OrderPlacement', 'never', bookedSchema, {
      merOrderRef: p.invoice,
      pickMerchantName: pickup.name,
      pickMerchantAddress: pickup.address,
      pickMerchantThana: pickup.thana,
      pickMerchantDistrict: pickup.district,
      pickupMerchantPhone: pickup.phone,
      productSizeWeight: SIZE_WEIGHT,
      productBrief: p.itemDescription.slice(0, 250) || 'Parcel',
      // The amount due on delivery (the courier service's parcel: the total less a paid advance; 0 when prepaid).
      packagePrice: String(p.codAmount),
      deliveryOption: 'regular',
      custname: p.recipientName,
      custaddress: p.recipientAddress,
      customerThana: place.thana,
      customerDistrict: place.district,
      custPhone: p.recipientPhone,
      max_weight: MAX_WEIGHT,
    });
    // Paperfly is asked about a parcel by our reference (merOrderRef): that is the consignment; its tracking number is shown.
    return { consignmentId: p.invoice, trackingCode: placed.success.tracking_number, status: 'order-placed' };
  }

  /** `POST /API-Order-Tracking`: the latest milestone reached and its time; 'order-placed' before any. */
  async track(reference: string): Promise<CourierStatus> {
    const t = await this.call('/API-Order-Tracking', 'idempotent', trackSchema, { ReferenceNumber: reference });
    const row = t.success.trackingStatus[0]!;
    const reached = MILESTONES.find(([k]) => typeof row[k] === 'string' && row[k].trim() !== '');
    if (!reached) return { status: 'order-placed', message: 'Paperfly: order placed', at: new Date(this.now()) };
    const [key, status] = reached;
    return { status, message: `Paperfly: ${status.replaceAll('-', ' ')}`, at: courierTime(row[key], this.now) };
  }
}
