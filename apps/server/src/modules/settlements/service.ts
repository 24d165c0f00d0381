import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SETTLEMENT_COURIERS, type PayoutDetail, type RateCardInput, type RateZone, type ResolveInput, type SettledParcel, type SettlementOverview, type CourierRate } from '@haat/shared/schemas/settlements';
import type { Db, DbOrTx } from '../../db/client';
import { courierRates, settlementResolutions } from '../../db/schema';
import { ProviderError } from '../../integrations/http';
import type { SteadfastClient } from '../../integrations/steadfast';
import type { Actor } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { definePeriodicJob } from '../../lib/jobs';
import { record } from '../audit/index';
import { exceptionsFirst, expectedCharges, matchSettlements, owedByCourier, parcelKey, rateLookup, type MatchedParcel } from './match';
import { expectedParcels, insertPayout, paidParcels, payoutSummaries, readRates, readResolutions, recordedReferences } from './queries';

/**
 * What the owner's rate card says a courier charges to carry a parcel collecting `codAmount` (whole taka): the
 * card's delivery charge and COD fee for the zone, the same charges settlements expect (decision 0129: the order
 * card's price for a courier without a price API). Null for a courier the rate card does not cover.
 */
export async function rateCardPrice(db: DbOrTx, provider: string, zone: RateZone, codAmount: number): Promise<number | null> {
  if (!(SETTLEMENT_COURIERS as readonly string[]).includes(provider)) return null;
  const rate = rateLookup(await readRates(db))(provider, zone);
  return Math.round(expectedCharges({ kind: 'delivery', codPaisa: codAmount * 100 }, rate) / 100);
}

/** Every parcel reconciled as of `now`: the parcels, the payout lines, the rate card and the owner's resolutions, read at once. */
export async function reconcile(db: DbOrTx, now: Date, payoutId?: string): Promise<MatchedParcel[]> {
  const [parcels, paid, rates, resolutions] = await Promise.all([expectedParcels(db), paidParcels(db, payoutId), readRates(db), readResolutions(db)]);
  const matched = matchSettlements({ parcels, paid, rates, resolutions, now });
  return payoutId ? matched.filter((p) => p.payoutIds.includes(payoutId)) : matched;
}

const publicParcel = ({ payoutIds: _payouts, ...parcel }: MatchedParcel): SettledParcel => parcel;

/** The owner's page: owed by each courier with its ageing, the exceptions first, the payouts, the rate card. */
export async function settlementOverview(db: DbOrTx, now: Date): Promise<SettlementOverview> {
  const [matched, payouts, rates] = await Promise.all([reconcile(db, now), payoutSummaries(db), readRates(db)]);
  const exceptions = exceptionsFirst(matched);
  const openPerPayout = new Map<string, number>();
  for (const p of exceptions) if (!p.resolved) for (const id of p.payoutIds) openPerPayout.set(id, (openPerPayout.get(id) ?? 0) + 1);
  const couriers = owedByCourier(matched);
  return {
    couriers,
    cashWithCouriersPaisa: couriers.reduce((sum, c) => sum + c.owedPaisa, 0),
    exceptions: exceptions.slice(0, 500).map(publicParcel),
    payouts: payouts.map((p) => ({ ...p, exceptions: openPerPayout.get(p.id) ?? 0 })),
    rates,
  };
}

/** One payout with each of its parcels' outcome, exceptions first. */
export async function payoutDetail(db: DbOrTx, id: string, now: Date): Promise<PayoutDetail> {
  const [summary] = await payoutSummaries(db, id);
  if (!summary) throw appError('SETTLEMENT_PAYOUT_NOT_FOUND');
  const parcels = await reconcile(db, now, id);
  const order = exceptionsFirst(parcels);
  const paidInFull = parcels.filter((p) => p.outcome === 'paid');
  return { ...summary, exceptions: order.filter((p) => !p.resolved).length, parcels: [...order, ...paidInFull].map(publicParcel) };
}

/** The cash couriers hold for the shop: the dashboard's figure. */
export async function cashWithCouriers(db: DbOrTx, now: Date): Promise<number> {
  return owedByCourier(await reconcile(db, now)).reduce((sum, c) => sum + c.owedPaisa, 0);
}

/** The owner marks one exception resolved with a note (audit-logged); a parcel paid in full has nothing to resolve. */
export async function resolveException(db: Db, input: ResolveInput, actor: Actor, now: Date): Promise<SettledParcel> {
  return db.transaction(async (tx) => {
    const parcel = (await reconcile(tx, now)).find((p) => p.provider === input.provider && p.consignmentId === input.consignmentId);
    if (!parcel) throw appError('SETTLEMENT_PARCEL_NOT_FOUND');
    if (parcel.outcome === 'paid') throw appError('SETTLEMENT_NOT_AN_EXCEPTION');
    const before = parcel.resolved ? { note: parcel.resolved.note } : null;
    await tx
      .insert(settlementResolutions)
      .values({ provider: input.provider, consignmentId: input.consignmentId, outcome: parcel.outcome, note: input.note, resolvedBy: actor.id, resolvedAt: now })
      .onConflictDoUpdate({ target: [settlementResolutions.provider, settlementResolutions.consignmentId], set: { outcome: parcel.outcome, note: input.note, resolvedBy: actor.id, resolvedAt: now } });
    await record(tx, actor, {
      kind: 'settlement',
      action: 'resolve',
      targetId: parcelKey(input.provider, input.consignmentId).replace('\u0000', ':'),
      label: parcel.orderNo ?? `${input.provider} ${input.consignmentId}`,
      before,
      after: { note: input.note, outcome: parcel.outcome, difference: parcel.differencePaisa / 100 },
    });
    return publicParcel({ ...parcel, resolved: { note: input.note, at: now.toISOString() } });
  });
}

const COURIER_BN: Record<string, string> = { steadfast: 'স্টেডফাস্ট', pathao: 'পাঠাও', sandbox: 'স্যান্ডবক্স কুরিয়ার' };
const ZONE_LABEL = { inside: ['inside Dhaka', 'ঢাকার ভেতরে'], outside: ['outside Dhaka', 'ঢাকার বাইরে'] } as const;
const rateFields = (r: Omit<CourierRate, 'provider' | 'zone'>) => ({ deliveryCharge: r.deliveryCharge, codFeePermille: r.codFeePermille, returnCharge: r.returnCharge });

/** The rate card: each courier and zone given replaces its row, each change audit-logged as a settings change. */
export async function saveRates(db: Db, input: RateCardInput, actor: Actor): Promise<CourierRate[]> {
  return db.transaction(async (tx) => {
    const rate = rateLookup(await readRates(tx));
    for (const r of input.rates) {
      const before = rateFields(rate(r.provider, r.zone));
      const fields = rateFields(r);
      await tx
        .insert(courierRates)
        .values({ provider: r.provider, zone: r.zone, ...fields, updatedAt: new Date() })
        .onConflictDoUpdate({ target: [courierRates.provider, courierRates.zone], set: { ...fields, updatedAt: new Date() } });
      const [zoneEn, zoneBn] = ZONE_LABEL[r.zone];
      const name = r.provider === 'sandbox' ? 'Sandbox courier' : `${r.provider[0]!.toUpperCase()}${r.provider.slice(1)}`;
      await record(tx, actor, { kind: 'settings', action: 'update', targetId: `courier_rates/${r.provider}/${r.zone}`, label: `${name} rates, ${zoneEn}`, labelBn: `${COURIER_BN[r.provider]} রেট, ${zoneBn}`, before, after: fields });
    }
    return readRates(tx);
  });
}

/** Taka as a courier sends it (maybe with decimals) → paisa. */
export const toPaisa = (taka: number): number => Math.round(taka * 100);

/** The Steadfast payout pull: a periodic job (decision 0106), run once across the shop's processes. */
export const settlementsPullJob = definePeriodicJob('settlements.pull');

/**
 * Reads Steadfast's payouts and records each one not recorded yet with its consignments (decision 0112). A payout
 * is written in its own transaction, so one that failed to read is asked again next time and the others stay.
 */
export async function pullSteadfastPayouts(db: Db, client: SteadfastClient, log?: FastifyBaseLogger): Promise<{ payouts: number; lines: number }> {
  const known = await recordedReferences(db, 'steadfast');
  const fresh = (await client.payments()).filter((p) => !known.has(String(p.id)));
  let lines = 0;
  // Oldest first, so a pull that stops half-way leaves no gap behind the payouts it recorded.
  for (const payment of fresh.reverse()) {
    const detail = await client.payment(payment.id);
    const made = await db.transaction((tx) =>
      insertPayout(tx, {
        provider: 'steadfast',
        reference: String(detail.id),
        source: 'api',
        paidAt: new Date(detail.created_at),
        createdBy: null,
        lines: detail.consignments.map((c) => ({
          consignmentId: String(c.consignment_id),
          invoice: c.invoice,
          codCollectedPaisa: toPaisa(c.cod_amount),
          deliveryChargePaisa: toPaisa(c.delivery_charge),
          codFeePaisa: toPaisa(c.cod_charge),
          paidPaisa: toPaisa(c.paid_amount),
        })),
      }),
    );
    if (made) lines += detail.consignments.length;
  }
  log?.info({ payouts: fresh.length, lines }, 'steadfast payouts pulled');
  return { payouts: fresh.length, lines };
}

/** The owner's manual "pull now": refused while Steadfast's keys are not set; Steadfast failing is said as a 502. */
export async function pullNow(db: Db, client: SteadfastClient | null, log?: FastifyBaseLogger) {
  if (!client) throw appError('SETTLEMENT_STEADFAST_OFF');
  try {
    return await pullSteadfastPayouts(db, client, log);
  } catch (err) {
    if (err instanceof ProviderError) throw appError('SETTLEMENT_STEADFAST_FAILED', { detail: err.message });
    throw err;
  }
}

/** Whether a payout reference is recorded already (for the statement import). */
export async function payoutExists(db: DbOrTx, provider: string, reference: string): Promise<boolean> {
  const found = (await db.execute(sql`SELECT 1 FROM courier_payouts WHERE provider = ${provider} AND reference = ${reference}`)) as unknown as { rows: unknown[] };
  return found.rows.length > 0;
}
