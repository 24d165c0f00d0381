import type { CourierProvider, CourierStage } from '@haat/shared/schemas/courier';
import { ProviderError } from './http';

export { ProviderError };

/*
 * The courier kind's interface: what the courier module books and tracks
 * with. Each courier is a client in integrations/<name>/ plus an adapter in
 * modules/courier/ (decision 0053); none of them speaks HTTP itself.
 */

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

export interface CourierPlace {
  id: number;
  name: string;
}

/** One courier behind the shop's one interface; each provider file implements it over its own API. */
export interface Courier {
  provider: CourierProvider;
  /**
   * The courier refuses a second parcel with an invoice it has (Steadfast): a booking whose answer was lost
   * (a timeout, a 5xx) may then be sent again, since a copy cannot be made (decision 0080).
   */
  uniqueInvoice?: boolean;
  book(parcel: Parcel): Promise<Booked>;
  /** Several at once where the courier has a bulk call; one result per parcel, in order. */
  bookMany?(parcels: Parcel[]): Promise<(Booked | ProviderError)[]>;
  status(consignmentId: string): Promise<CourierStatus>;
  /** Where the courier's word for a status puts the parcel. */
  stageOf(status: string): CourierStage;
  /** What the courier charges to carry this parcel, whole taka (delivery and COD charge); null when it cannot say. */
  quote?(parcel: Parcel): Promise<number | null>;
  /** Pathao's city → zone → area lists, for the booking dialog. */
  places?: {
    cities(): Promise<CourierPlace[]>;
    zones(cityId: number): Promise<CourierPlace[]>;
    areas(zoneId: number): Promise<CourierPlace[]>;
  };
}

export type Couriers = Partial<Record<CourierProvider, Courier>>;

/** Couriers write times as 'YYYY-MM-DD HH:MM:SS' in Dhaka time (UTC+6), or ISO; anything else is now. */
export function courierTime(value: unknown, now: () => number = Date.now): Date {
  if (typeof value !== 'string') return new Date(now());
  const local = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value);
  const d = new Date(local ? `${local[1]}T${local[2]}+06:00` : value);
  return Number.isNaN(d.getTime()) ? new Date(now()) : d;
}

/**
 * A courier's failure is a ProviderError (decision 0053): kind 'refused' when
 * the courier answered and said no (a bad phone, a duplicate invoice…), its
 * message shown and nothing booked; any other kind when it could not be
 * reached, timed out, was rate limited, failed or answered nonsense: try again
 * later. The courier module maps both to its error codes in one place.
 */
export function courierRefusal(provider: string, message: string): ProviderError {
  return new ProviderError(provider, 'refused', message);
}

/**
 * Whether a booking that failed this way may be sent again without risking two parcels (decision 0080): the
 * request never arrived (no connection, or throttled with 429), or the courier refuses a repeated invoice.
 * A timeout or a 5xx from any other courier may have booked it: a person checks first.
 */
export function mayBookAgain(courier: Courier, err: ProviderError): boolean {
  return err.kind === 'rate-limited' || err.unsent || (courier.uniqueInvoice === true && err.retryable);
}

/** A transport failure in the courier interface's words, still a ProviderError of the same kind. */
export function courierUnavailable(err: ProviderError): ProviderError {
  const name = err.provider;
  const words = (message: string) => new ProviderError(name, err.kind, message, err.status, err.body, err.code, err.unsent);
  if (err.kind === 'timeout') return words(`${name} did not answer in time.`);
  if (err.kind === 'network') return words(`${name} could not be reached.`);
  if (err.kind === 'rate-limited') return words(`${name} is busy (too many requests). Please try again in a minute.`);
  if (err.kind === 'server') return words(`${name} had an error (${err.status}). Please try again later.`);
  return new ProviderError(name, 'bad-answer', `${name} answered something that is not JSON.`, err.status, err.body, err.code);
}
