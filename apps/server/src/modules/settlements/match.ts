import {
  ageBucket,
  AGE_BUCKETS,
  DEFAULT_RATES,
  type AgeBucket,
  type CourierOwed,
  type CourierRate,
  type RateZone,
  type SettledParcel,
  type SettlementOutcome,
} from '@haat/shared/schemas/settlements';

/**
 * The one rule of courier settlements (issue 44, decision 0112), pure: no database, no clock of its own. The
 * Steadfast pull and an uploaded statement both record payout lines; every view reads the parcels and the lines
 * and asks this what became of each parcel.
 *
 * A delivered parcel is expected to bring its COD less the courier's charges by the shop's rate card (delivery
 * charge for its zone, COD fee in tenths of a percent, rounded to the paisa); a returned parcel, minus its return
 * charge (the courier takes it from a payout). Then, for the sum of a parcel's lines:
 * - charges above the rate card → overcharged, by how much above;
 * - else paid less than expected → short, by how much;
 * - else → paid;
 * - no line → unpaid, with its age in days;
 * - a line for a parcel the shop did not send (or not yet delivered or returned) → foreign.
 */

export interface ExpectedParcel {
  provider: string;
  consignmentId: string;
  orderNo: string;
  kind: 'delivery' | 'return';
  /** The cash the courier was to collect (0 for a prepaid order), paisa. */
  codPaisa: number;
  zone: RateZone;
  /** When it was delivered or came back. */
  finalAt: Date;
}

/** A parcel's payout lines, summed (a parcel may be paid in more than one payout). */
export interface PaidParcel {
  provider: string;
  consignmentId: string;
  codCollectedPaisa: number;
  deliveryChargePaisa: number;
  codFeePaisa: number;
  paidPaisa: number;
  payoutIds: string[];
}

export interface Resolution {
  note: string;
  at: Date;
}

export interface MatchInput {
  parcels: ExpectedParcel[];
  paid: PaidParcel[];
  rates: CourierRate[];
  resolutions: Map<string, Resolution>;
  now: Date;
}

export interface MatchedParcel extends SettledParcel {
  payoutIds: string[];
}

export const parcelKey = (provider: string, consignmentId: string): string => `${provider}\u0000${consignmentId}`;

const DAY_MS = 86_400_000;

/** The rate card as a look-up; a courier and zone the owner has not set take the defaults. */
export function rateLookup(rates: CourierRate[]): (provider: string, zone: RateZone) => Omit<CourierRate, 'provider' | 'zone'> {
  const byKey = new Map(rates.map((r) => [`${r.provider}/${r.zone}`, r]));
  return (provider, zone) => byKey.get(`${provider}/${zone}`) ?? DEFAULT_RATES[zone];
}

/** The charges the rate card allows for a parcel, paisa. */
export function expectedCharges(parcel: Pick<ExpectedParcel, 'kind' | 'codPaisa'>, rate: Omit<CourierRate, 'provider' | 'zone'>): number {
  if (parcel.kind === 'return') return rate.returnCharge * 100;
  return rate.deliveryCharge * 100 + Math.round((parcel.codPaisa * rate.codFeePermille) / 1000);
}

/** What the courier should pay for a parcel: its COD less the allowed charges (negative for a return). */
export function expectedNet(parcel: Pick<ExpectedParcel, 'kind' | 'codPaisa'>, charges: number): number {
  return parcel.kind === 'return' ? -charges : parcel.codPaisa - charges;
}

function outcomeOf(expected: number, allowedCharges: number, paid: PaidParcel | undefined): { outcome: SettlementOutcome; difference: number } {
  if (!paid) return { outcome: 'unpaid', difference: expected };
  const charged = paid.deliveryChargePaisa + paid.codFeePaisa;
  if (charged > allowedCharges) return { outcome: 'overcharged', difference: charged - allowedCharges };
  if (paid.paidPaisa < expected) return { outcome: 'short', difference: expected - paid.paidPaisa };
  return { outcome: 'paid', difference: 0 };
}

const resolvedOf = (r: Resolution | undefined) => (r ? { note: r.note, at: r.at.toISOString() } : null);

/** Every parcel's outcome: the shop's parcels in the order given, then the lines not ours. */
export function matchSettlements({ parcels, paid, rates, resolutions, now }: MatchInput): MatchedParcel[] {
  const rate = rateLookup(rates);
  const paidByKey = new Map(paid.map((p) => [parcelKey(p.provider, p.consignmentId), p]));
  const out: MatchedParcel[] = [];
  for (const parcel of parcels) {
    const key = parcelKey(parcel.provider, parcel.consignmentId);
    const lines = paidByKey.get(key);
    paidByKey.delete(key);
    const allowed = expectedCharges(parcel, rate(parcel.provider, parcel.zone));
    const expected = expectedNet(parcel, allowed);
    const { outcome, difference } = outcomeOf(expected, allowed, lines);
    out.push({
      provider: parcel.provider,
      consignmentId: parcel.consignmentId,
      orderNo: parcel.orderNo,
      kind: parcel.kind,
      outcome,
      expectedPaisa: expected,
      paidPaisa: lines?.paidPaisa ?? 0,
      differencePaisa: difference,
      ageDays: Math.max(0, Math.floor((now.getTime() - parcel.finalAt.getTime()) / DAY_MS)),
      resolved: outcome === 'paid' ? null : resolvedOf(resolutions.get(key)),
      payoutIds: lines?.payoutIds ?? [],
    });
  }
  for (const [key, lines] of paidByKey) {
    out.push({
      provider: lines.provider,
      consignmentId: lines.consignmentId,
      orderNo: null,
      kind: null,
      outcome: 'foreign',
      expectedPaisa: 0,
      paidPaisa: lines.paidPaisa,
      differencePaisa: -lines.paidPaisa,
      ageDays: null,
      resolved: resolvedOf(resolutions.get(key)),
      payoutIds: lines.payoutIds,
    });
  }
  return out;
}

/** How much a parcel leaves owed by its courier: the unpaid balance, the shortfall, the overcharge; nothing once resolved. */
export function owedBy(parcel: SettledParcel): number {
  if (parcel.resolved || parcel.outcome === 'paid' || parcel.outcome === 'foreign') return 0;
  return parcel.differencePaisa;
}

/** Money owed by each courier with its ageing, couriers by name. */
export function owedByCourier(parcels: SettledParcel[]): CourierOwed[] {
  const by = new Map<string, CourierOwed>();
  for (const p of parcels) {
    const row = by.get(p.provider) ?? { provider: p.provider, owedPaisa: 0, ageing: Object.fromEntries(AGE_BUCKETS.map((b) => [b, 0])) as Record<AgeBucket, number>, unpaid: 0, exceptions: 0 };
    by.set(p.provider, row);
    if (p.outcome === 'paid' || p.resolved) continue;
    row.exceptions += 1;
    if (p.outcome === 'unpaid') row.unpaid += 1;
    const owed = owedBy(p);
    row.owedPaisa += owed;
    if (p.ageDays !== null) row.ageing[ageBucket(p.ageDays)] += owed;
  }
  return [...by.values()].sort((a, b) => a.provider.localeCompare(b.provider));
}

/** The exceptions as the owner reads them: open ones first, oldest first, then the resolved ones. */
export function exceptionsFirst<T extends SettledParcel>(parcels: T[]): T[] {
  const rank = (p: SettledParcel) => (p.resolved ? 1 : 0);
  return parcels
    .filter((p) => p.outcome !== 'paid')
    .sort((a, b) => rank(a) - rank(b) || (b.ageDays ?? -1) - (a.ageDays ?? -1) || a.consignmentId.localeCompare(b.consignmentId));
}
