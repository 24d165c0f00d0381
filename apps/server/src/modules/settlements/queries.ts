import { sql, type SQL } from 'drizzle-orm';
import type { CourierRate, PayoutSummary, RateZone } from '@haat/shared/schemas/settlements';
import type { DbOrTx } from '../../db/client';
import { courierPayoutLines, courierPayouts } from '../../db/schema';
import { newId } from '../../lib/ids';
import { parcelKey, type ExpectedParcel, type PaidParcel, type Resolution } from './match';

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A bigint or numeric column arrives as a string from pg, a number or bigint from PGlite. */
const num = (v: unknown): number => Number(v ?? 0);

/**
 * The advance a COD order's buyer paid by bKash, and the cash its rider was to collect: SQL twins of the shared
 * advancePaid / amountDueOnDelivery (packages/shared/src/pricing.ts, decision 0114), for sums over many orders.
 */
export const advancePaidSql = (o: string) =>
  sql.raw(`(CASE WHEN ${o}.payment_status = 'CASH-ON-DELIVERY' AND ${o}.advance_amount > 0 AND ${o}.payment_state IN ('paid', 'refunded') THEN coalesce(${o}.paid_amount, ${o}.advance_amount) ELSE 0 END)`);
export const dueOnDeliverySql = (o: string) =>
  sql`(CASE WHEN ${sql.raw(o)}.payment_status = 'CASH-ON-DELIVERY' THEN greatest(0, ${sql.raw(o)}.total_amount - ${advancePaidSql(o)}) ELSE 0 END)`;

/**
 * Every parcel a courier delivered (whole or in part) or brought back, with the cash it was to collect: a
 * COD order's total less a paid advance (0 for one paid beforehand) and its zone by the shared Dhaka rule the fee used.
 */
export async function expectedParcels(db: DbOrTx): Promise<ExpectedParcel[]> {
  const found = await rows<{ provider: string; consignment_id: string; order_no: string; stage: string; cod: number; inside: boolean; final_at: string | Date }>(
    db,
    sql`SELECT s.provider, s.consignment_id, o.order_id AS order_no, s.stage,
          ${dueOnDeliverySql('o')} AS cod,
          coalesce(o.inside_dhaka, false) AS inside,
          CASE WHEN s.stage = 'returned' THEN coalesce(s.event_at, s.updated_at) ELSE coalesce(o.delivered_at, s.event_at, s.updated_at) END AS final_at
        FROM shipments s JOIN orders o ON o.id = s.order_id
        WHERE s.stage IN ('delivered', 'partial', 'returned')
        ORDER BY final_at, s.consignment_id`,
  );
  return found.map((r) => ({
    provider: r.provider,
    consignmentId: r.consignment_id,
    orderNo: r.order_no,
    kind: r.stage === 'returned' ? 'return' : 'delivery',
    codPaisa: num(r.cod) * 100,
    zone: (r.inside ? 'inside' : 'outside') satisfies RateZone,
    finalAt: new Date(r.final_at),
  }));
}

/** Every parcel's payout lines, summed, with the payouts that paid it. */
export async function paidParcels(db: DbOrTx, payoutId?: string): Promise<PaidParcel[]> {
  const only = payoutId ? sql`WHERE (provider, consignment_id) IN (SELECT provider, consignment_id FROM courier_payout_lines WHERE payout_id = ${payoutId})` : sql``;
  const found = await rows<{ provider: string; consignment_id: string; collected: unknown; delivery: unknown; fee: unknown; paid: unknown; payouts: string[] | string }>(
    db,
    sql`SELECT provider, consignment_id, sum(cod_collected_paisa) AS collected, sum(delivery_charge_paisa) AS delivery,
          sum(cod_fee_paisa) AS fee, sum(paid_paisa) AS paid, array_agg(DISTINCT payout_id) AS payouts
        FROM courier_payout_lines ${only} GROUP BY provider, consignment_id`,
  );
  return found.map((r) => ({
    provider: r.provider,
    consignmentId: r.consignment_id,
    codCollectedPaisa: num(r.collected),
    deliveryChargePaisa: num(r.delivery),
    codFeePaisa: num(r.fee),
    paidPaisa: num(r.paid),
    payoutIds: Array.isArray(r.payouts) ? r.payouts : String(r.payouts).replace(/^\{|\}$/g, '').split(','),
  }));
}

export async function readRates(db: DbOrTx): Promise<CourierRate[]> {
  const found = await rows<{ provider: string; zone: RateZone; delivery_charge: number; cod_fee_permille: number; return_charge: number }>(
    db,
    sql`SELECT provider, zone, delivery_charge, cod_fee_permille, return_charge FROM courier_rates ORDER BY provider, zone`,
  );
  return found.map((r) => ({ provider: r.provider as CourierRate['provider'], zone: r.zone, deliveryCharge: num(r.delivery_charge), codFeePermille: num(r.cod_fee_permille), returnCharge: num(r.return_charge) }));
}

export async function readResolutions(db: DbOrTx): Promise<Map<string, Resolution>> {
  const found = await rows<{ provider: string; consignment_id: string; note: string; resolved_at: string | Date }>(db, sql`SELECT provider, consignment_id, note, resolved_at FROM settlement_resolutions`);
  return new Map(found.map((r) => [parcelKey(r.provider, r.consignment_id), { note: r.note, at: new Date(r.resolved_at) }]));
}

/** Payouts newest first, each with its number of lines. */
export async function payoutSummaries(db: DbOrTx, id?: string): Promise<Omit<PayoutSummary, 'exceptions'>[]> {
  const only = id ? sql`WHERE p.id = ${id}` : sql``;
  const found = await rows<{ id: string; provider: string; reference: string; source: 'api' | 'file'; paid_at: string | Date; amount_paisa: unknown; lines: unknown }>(
    db,
    sql`SELECT p.id, p.provider, p.reference, p.source, p.paid_at, p.amount_paisa, (SELECT count(*) FROM courier_payout_lines l WHERE l.payout_id = p.id) AS lines
        FROM courier_payouts p ${only} ORDER BY p.paid_at DESC, p.reference DESC LIMIT 200`,
  );
  return found.map((r) => ({ id: r.id, provider: r.provider, reference: r.reference, source: r.source, paidAt: new Date(r.paid_at).toISOString(), amountPaisa: num(r.amount_paisa), lines: num(r.lines) }));
}

export async function recordedReferences(db: DbOrTx, provider: string): Promise<Set<string>> {
  const found = await rows<{ reference: string }>(db, sql`SELECT reference FROM courier_payouts WHERE provider = ${provider}`);
  return new Set(found.map((r) => r.reference));
}

export interface NewPayoutLine {
  consignmentId: string;
  invoice: string;
  codCollectedPaisa: number;
  deliveryChargePaisa: number;
  codFeePaisa: number;
  paidPaisa: number;
}

export interface NewPayout {
  provider: string;
  reference: string;
  source: 'api' | 'file';
  paidAt: Date;
  createdBy: string | null;
  lines: NewPayoutLine[];
}

/** One payout and its lines; null when the courier's reference is recorded already (a second pull, a file sent twice). */
export async function insertPayout(tx: DbOrTx, payout: NewPayout): Promise<string | null> {
  const id = newId();
  const amountPaisa = payout.lines.reduce((sum, l) => sum + l.paidPaisa, 0);
  const made = await tx
    .insert(courierPayouts)
    .values({ id, provider: payout.provider, reference: payout.reference, source: payout.source, paidAt: payout.paidAt, amountPaisa, createdBy: payout.createdBy })
    .onConflictDoNothing()
    .returning({ id: courierPayouts.id });
  if (made.length === 0) return null;
  for (let i = 0; i < payout.lines.length; i += 1000) {
    await tx.insert(courierPayoutLines).values(payout.lines.slice(i, i + 1000).map((l) => ({ id: newId(), payoutId: id, provider: payout.provider, ...l })));
  }
  return id;
}
