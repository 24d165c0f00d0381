import { and, eq, sql } from 'drizzle-orm';
import { districtOf, zoneOf } from '@haat/shared/districts';
import { COURIER_LABELS, FALLBACK_AREA, type CourierOption, type CourierProvider, type CourierRules, type CourierSuggestion } from '@haat/shared/schemas/courier';
import type { Db, DbOrTx } from '../../db/client';
import { courierRules, shipments, type AddressSnapshot } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { record } from '../audit/index';
import { rateCardPrice } from '../settlements/index';
import type { Couriers } from './types';

/*
 * Which courier carries an order (issue 46, decision 0122): the owner's courier for the address's district,
 * else for its zone (inside or outside Dhaka), else the fallback. The order's card shows the suggestion beside
 * every courier's price for the parcel and the shop's own delivered share with each in that district.
 */

/** The owner's rules: districts and zones, and the fallback. */
export async function readRules(db: DbOrTx): Promise<CourierRules> {
  const rows = await db.select().from(courierRules).orderBy(courierRules.area);
  return {
    rules: rows.filter((r) => r.area !== FALLBACK_AREA).map((r) => ({ area: r.area, provider: r.provider })),
    fallback: rows.find((r) => r.area === FALLBACK_AREA)?.provider ?? null,
  };
}

/** Replaces every rule at once, in one transaction with its audit entry; a courier not set up here is refused. */
export async function saveRules(db: Db, couriers: Couriers, input: CourierRules, actor: Actor): Promise<CourierRules> {
  for (const p of [...input.rules.map((r) => r.provider), ...(input.fallback ? [input.fallback] : [])]) {
    if (!couriers[p]) throw appError('COURIER_NOT_SET_UP', { courier: COURIER_LABELS[p] });
  }
  return db.transaction(async (tx) => {
    const before = await readRules(tx);
    await tx.delete(courierRules);
    const rows = [...input.rules, ...(input.fallback ? [{ area: FALLBACK_AREA, provider: input.fallback }] : [])];
    if (rows.length > 0) await tx.insert(courierRules).values(rows);
    const after = await readRules(tx);
    const flat = (r: CourierRules) => ({ ...Object.fromEntries(r.rules.map((x) => [x.area, x.provider])), fallback: r.fallback });
    await record(tx, actor, { kind: 'settings', action: 'update', targetId: 'courier_rules', label: 'Courier by district', before: flat(before), after: flat(after) });
    return after;
  });
}

type Choice = { provider: CourierProvider; rule: 'district' | 'zone' | 'fallback' } | null;

/** The courier the rules give an address: its district's, else its zone's, else the fallback; null when none. */
export function chooseCourier(rules: CourierRules, address: Pick<AddressSnapshot, 'address_line' | 'city'>): Choice {
  const byArea = new Map(rules.rules.map((r) => [r.area, r.provider]));
  const district = districtOf(address);
  const fromDistrict = district ? byArea.get(district) : undefined;
  if (fromDistrict) return { provider: fromDistrict, rule: 'district' };
  const fromZone = byArea.get(zoneOf(address));
  if (fromZone) return { provider: fromZone, rule: 'zone' };
  return rules.fallback ? { provider: rules.fallback, rule: 'fallback' } : null;
}

/** The shop's finished parcels per courier in a district: how many ended, and how many of them were delivered. */
export async function deliveredRates(db: DbOrTx, district: string | null): Promise<Map<string, { delivered: number; finished: number }>> {
  const rates = new Map<string, { delivered: number; finished: number }>();
  if (!district) return rates;
  const rows = await db
    .select({ provider: shipments.provider, finished: sql<number>`count(*)::int`, delivered: sql<number>`(count(*) filter (where ${shipments.stage} = 'delivered'))::int` })
    .from(shipments)
    .where(and(eq(shipments.final, true), eq(shipments.district, district)))
    .groupBy(shipments.provider);
  for (const r of rows) rates.set(r.provider, { delivered: Number(r.delivered), finished: Number(r.finished) });
  return rates;
}

/**
 * A courier's price for the parcel and where it comes from (decision 0129): its own price API (`quote`), else the
 * owner's rate card for the address's zone where the card covers that courier, else none.
 */
async function priceOf(db: DbOrTx, provider: CourierProvider, address: AddressSnapshot | null, codAmount: number | null, quote: Promise<number | null>): Promise<Pick<CourierOption, 'price' | 'price_source'>> {
  const quoted = await quote.catch(() => null);
  if (quoted !== null) return { price: quoted, price_source: 'courier' };
  const card = address && codAmount !== null ? await rateCardPrice(db, provider, zoneOf(address) === 'inside_dhaka' ? 'inside' : 'outside', codAmount) : null;
  return card === null ? { price: null, price_source: null } : { price: card, price_source: 'rate_card' };
}

/**
 * The card's suggestion for an address: the rules' courier (when set up here), and for every courier set up its
 * price for the parcel (priceOf) and the delivered share.
 */
export async function suggestionFor(
  db: DbOrTx,
  couriers: Couriers,
  address: AddressSnapshot | null,
  codAmount: number | null,
  quote: (provider: CourierProvider) => Promise<number | null>,
): Promise<Omit<CourierSuggestion, 'city_id' | 'zone_id'>> {
  const district = address ? districtOf(address) : null;
  const choice = address ? chooseCourier(await readRules(db), address) : null;
  const rates = await deliveredRates(db, district);
  const providers = Object.keys(couriers) as CourierProvider[];
  const options: CourierOption[] = await Promise.all(
    providers.map(async (provider) => ({ provider, ...(await priceOf(db, provider, address, codAmount, quote(provider))), ...(rates.get(provider) ?? { delivered: 0, finished: 0 }) })),
  );
  const suggested = choice && couriers[choice.provider] ? choice : null;
  return { district, suggested: suggested?.provider ?? null, rule: suggested?.rule ?? null, options };
}
