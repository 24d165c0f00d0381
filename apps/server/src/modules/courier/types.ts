import type { CourierProvider, CourierStage } from '@haat/shared/schemas/courier';

/** What a courier needs to carry one order. */
export interface Parcel {
  /** The order number (HT-…): the courier's invoice / merchant order id, unique per shop. */
  invoice: string;
  recipientName: string;
  /** 11 digits, 01XXXXXXXXX. */
  recipientPhone: string;
  recipientAddress: string;
  city: string;
  /** Whole taka to collect: the order's total for cash on delivery, 0 when paid. */
  codAmount: number;
  note: string;
  itemDescription: string;
  itemQuantity: number;
  /** Pathao's delivery area; other couriers take the address as text. */
  place?: { cityId: number; zoneId: number; areaId?: number };
}

export interface Booked {
  consignmentId: string;
  trackingCode: string;
  status: string;
}

export interface CourierStatus {
  status: string;
  message: string;
  at: Date;
}

/** The courier answered and said no (a bad phone, a duplicate invoice…): its message is shown and nothing is booked. */
export class CourierRefused extends Error {}

/** The courier could not be reached, timed out, was rate limited or failed: try again later. */
export class CourierUnavailable extends Error {}

export interface CourierPlace {
  id: number;
  name: string;
}

/** One courier behind the shop's one interface; each provider file implements it over its own API. */
export interface Courier {
  provider: CourierProvider;
  book(parcel: Parcel): Promise<Booked>;
  /** Several at once where the courier has a bulk call; one result per parcel, in order. */
  bookMany?(parcels: Parcel[]): Promise<(Booked | CourierRefused)[]>;
  status(consignmentId: string): Promise<CourierStatus>;
  /** Where the courier's word for a status puts the parcel. */
  stageOf(status: string): CourierStage;
  /** Pathao's city → zone → area lists, for the booking dialog. */
  places?: {
    cities(): Promise<CourierPlace[]>;
    zones(cityId: number): Promise<CourierPlace[]>;
    areas(zoneId: number): Promise<CourierPlace[]>;
  };
}

export type Couriers = Partial<Record<CourierProvider, Courier>>;

/**
 * One JSON call with a deadline. Network errors, timeouts, 429 and 5xx become
 * CourierUnavailable; other answers are returned for the client to read.
 */
export async function callJson(
  name: string,
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown; timeoutMs: number },
): Promise<{ status: number; body: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: { accept: 'application/json', ...(init.body !== undefined && { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    throw new CourierUnavailable(timedOut ? `${name} did not answer in time.` : `${name} could not be reached.`);
  }
  if (res.status === 429) throw new CourierUnavailable(`${name} is busy (too many requests). Please try again in a minute.`);
  if (res.status >= 500) throw new CourierUnavailable(`${name} had an error (${res.status}). Please try again later.`);
  const text = await res.text();
  let body: unknown = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new CourierUnavailable(`${name} answered something that is not JSON.`);
  }
  return { status: res.status, body: (body && typeof body === 'object' ? body : { value: body }) as Record<string, unknown> };
}

/** Couriers write times as 'YYYY-MM-DD HH:MM:SS' in Dhaka time (UTC+6), or ISO; anything else is now. */
export function courierTime(value: unknown, now: () => number = Date.now): Date {
  if (typeof value !== 'string') return new Date(now());
  const local = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value);
  const d = new Date(local ? `${local[1]}T${local[2]}+06:00` : value);
  return Number.isNaN(d.getTime()) ? new Date(now()) : d;
}
