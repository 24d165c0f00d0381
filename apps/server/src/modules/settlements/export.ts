import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { ExportQuery } from '@haat/shared/schemas/settlements';
import type { DbOrTx } from '../../db/client';
import { appError } from '../../lib/errors';
import { advancePaidSql, dueOnDeliverySql } from './queries';

/** The accounting export's columns, in order (decision 0112). Amounts are taka with two decimals. */
export const EXPORT_COLUMNS = [
  'period',
  'orders_delivered',
  'cod_collected',
  'courier_charges',
  'payouts_received',
  'refunds',
  'advances',
  'sales_incl_vat',
  'mushak_value_excl_vat',
  'mushak_vat',
] as const;

/** A year of days, or ten years of months, at most. */
const MAX_DAYS = 366;

interface PeriodRow {
  period: string;
  delivered: unknown;
  cod: unknown;
  sales: unknown;
  vat: unknown;
  charges: unknown;
  payouts: unknown;
  refunds: unknown;
  advances: unknown;
}

const taka = (paisa: unknown) => (Number(paisa ?? 0) / 100).toFixed(2);

/**
 * One row per Dhaka day (or month) of the period and a TOTAL row: orders delivered and their sales, the COD the
 * couriers collected for them (the total less a paid advance), the couriers' charges and the payouts received (by the payout's date), refunds
 * made, advances paid by bKash (by the day bKash took them, decision 0114), and the Mushak VAT of the sales at
 * the shop's rate (VAT included in prices, taken out per order to the paisa, as the Mushak-6.3 invoice does).
 */
export async function accountingCsv(db: DbOrTx, q: ExportQuery, vatRateTenths: number): Promise<string> {
  const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
  if (!(days >= 0)) throw appError('SETTLEMENT_EXPORT_RANGE');
  if (days >= MAX_DAYS * (q.period === 'monthly' ? 10 : 1)) throw appError('SETTLEMENT_EXPORT_RANGE');
  const unit = q.period === 'monthly' ? 'month' : 'day';
  const fmt = q.period === 'monthly' ? 'YYYY-MM' : 'YYYY-MM-DD';
  const bucket = (col: string) => sql.raw(`to_char(date_trunc('${unit}', ${col} AT TIME ZONE 'Asia/Dhaka'), '${fmt}')`);
  const from = `${q.from}T00:00:00+06:00`;
  const to = new Date(Date.parse(`${q.to}T00:00:00+06:00`) + 86_400_000).toISOString();
  const found = (await db.execute(sql`
    WITH periods AS (
      SELECT to_char(d, ${fmt}) AS period FROM generate_series(date_trunc(${unit}, ${q.from}::timestamp), ${q.to}::timestamp, ${`1 ${unit}`}::interval) AS d),
    sales AS (
      SELECT ${bucket('delivered_at')} AS period, count(*) AS delivered,
        sum(${dueOnDeliverySql('orders')}) * 100 AS cod,
        sum(total_amount) * 100 AS sales,
        sum(round(total_amount * 100.0 * ${vatRateTenths} / (1000 + ${vatRateTenths}))) AS vat
      FROM orders WHERE delivered_at >= ${from}::timestamptz AND delivered_at < ${to}::timestamptz AND status <> 'Return' GROUP BY 1),
    paid AS (
      SELECT ${bucket('p.paid_at')} AS period, sum(l.delivery_charge_paisa + l.cod_fee_paisa) AS charges, sum(l.paid_paisa) AS payouts
      FROM courier_payouts p JOIN courier_payout_lines l ON l.payout_id = p.id
      WHERE p.paid_at >= ${from}::timestamptz AND p.paid_at < ${to}::timestamptz GROUP BY 1),
    advanced AS (
      SELECT ${bucket('paid_at')} AS period, sum(${advancePaidSql('orders')}) * 100 AS advances
      FROM orders WHERE advance_amount > 0 AND paid_at >= ${from}::timestamptz AND paid_at < ${to}::timestamptz GROUP BY 1),
    refunded AS (
      SELECT ${bucket('done_at')} AS period, sum(amount) * 100 AS refunds
      FROM refunds WHERE state = 'done' AND done_at >= ${from}::timestamptz AND done_at < ${to}::timestamptz GROUP BY 1)
    SELECT periods.period, sales.delivered, sales.cod, sales.sales, sales.vat, paid.charges, paid.payouts, refunded.refunds, advanced.advances
    FROM periods LEFT JOIN sales USING (period) LEFT JOIN paid USING (period) LEFT JOIN refunded USING (period) LEFT JOIN advanced USING (period)
    ORDER BY periods.period`)) as unknown as { rows: PeriodRow[] };
  const total = { delivered: 0, cod: 0, sales: 0, vat: 0, charges: 0, payouts: 0, refunds: 0, advances: 0 };
  const lines = found.rows.map((r) => {
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += Number(r[k] ?? 0);
    return rowOf(r.period, r);
  });
  // A BOM so a spreadsheet reads it as UTF-8; CRLF as RFC 4180 has it.
  return `\uFEFF${stringify([[...EXPORT_COLUMNS], ...lines, rowOf('TOTAL', total)], { record_delimiter: 'windows' })}`;
}

function rowOf(period: string, r: Omit<PeriodRow, 'period'>): string[] {
  const sales = Number(r.sales ?? 0);
  const vat = Number(r.vat ?? 0);
  return [period, String(Number(r.delivered ?? 0)), taka(r.cod), taka(r.charges), taka(r.payouts), taka(r.refunds), taka(r.advances), taka(sales), taka(sales - vat), taka(vat)];
}
