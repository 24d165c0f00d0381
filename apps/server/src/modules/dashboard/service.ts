import { sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, type OrderStatus } from '@haat/shared/constants';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  LOW_STOCK_LIST_LIMIT,
  type DashboardDay,
  type DashboardProduct,
  type DashboardSettings,
  type DashboardSettingsInput,
  type DashboardSummary,
  type LowStockProduct,
  type OrdersAndTaka,
} from '@haat/shared/schemas/dashboard';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/auth';
import { settingsSection, SETTINGS_ID } from '../shop/index';
import { overdueCountSql } from '../deadlines/index';
import { chosenOptions, shownVariantId, type ChosenOption, type ProductOption } from '@haat/shared/schemas/variants';

/** The shop's day: Bangladesh has been UTC+6 all year since 2009. */
const DHAKA_OFFSET_MS = 6 * 3600_000;

/**
 * What counts as a sale (decision 0041): not cancelled (by the admin, or an
 * unpaid bKash order that expired), not returned, and no gateway payment still
 * waiting, failed or refunded. Cash on delivery and typed wallet transaction
 * ids have no payment_state and count from the moment they are placed.
 */
const isSale = (o = 'orders') => sql.raw(`${o}.status NOT IN ('Cancel', 'Return') AND (${o}.payment_state IS NULL OR ${o}.payment_state = 'paid')`);

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The Dhaka calendar day of an instant, YYYY-MM-DD. */
export function dhakaDay(at: Date): string {
  return new Date(at.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The period: `days` Dhaka days ending today, from the first day's midnight in Dhaka. */
export interface Period {
  days: number;
  /** The first and last Dhaka day, YYYY-MM-DD. */
  from: string;
  to: string;
  /** The first day's midnight in Dhaka. */
  since: Date;
}

export function periodOf(days: number, now: Date): Period {
  const to = dhakaDay(now);
  const firstMidnightUtc = Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000;
  return { days, from: new Date(firstMidnightUtc).toISOString().slice(0, 10), to, since: new Date(firstMidnightUtc - DHAKA_OFFSET_MS) };
}

const dashboardSettings = settingsSection<DashboardSettings>({ fields: { lowStockThreshold: 'lowStockThreshold' }, defaults: { lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD } });

export const readDashboardSettings = (db: DbOrTx): Promise<DashboardSettings> => dashboardSettings.read(db);

export const saveDashboardSettings = (db: Db, input: DashboardSettingsInput, actor: Actor): Promise<DashboardSettings> => dashboardSettings.save(db, input, actor);

// Each figure is one aggregate query over an index (migration 0011; EXPLAIN in decision 0041).

/** Sales per Dhaka day, every day of the period present: orders_created_idx, index-only. */
const salesPerDaySql = ({ since, from, to }: Period) =>
    sql`WITH sales AS (
          SELECT (created_at AT TIME ZONE 'Asia/Dhaka')::date AS day, count(*)::int AS orders, sum(total_amount)::bigint AS taka
          FROM orders WHERE created_at >= ${since.toISOString()}::timestamptz AND ${isSale()}
          GROUP BY 1)
        SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(s.orders, 0) AS orders, coalesce(s.taka, 0)::text AS taka
        FROM generate_series(${from}::timestamp, ${to}::timestamp, interval '1 day') AS d(day)
        LEFT JOIN sales s ON s.day = d.day::date
        ORDER BY d.day`;

/** Every order of the period by status: orders_created_idx, index-only. */
const ordersByStatusSql = ({ since }: Period) =>
  sql`SELECT status, count(*)::int AS orders FROM orders WHERE created_at >= ${since.toISOString()}::timestamptz GROUP BY status`;

/**
 * The period's sold products, totalled once and ranked both ways (two top-10
 * heaps): the sales from orders_created_idx joined to their lines in
 * order_items_order_idx (both index-only); lines of products since deleted
 * are left out.
 */
/**
 * The lines of the period's orders. Up to 90 days, OFFSET 0 keeps this a
 * per-order probe of order_items_order_idx: left to itself the planner hashes
 * all of order_items (a seq scan growing with the shop's history) for a
 * month's orders. Over a longer period most of the history is read anyway and
 * the hash join is the cheaper plan (decision 0041).
 */
const linesOf = (days: number) =>
  days <= 90
    ? sql`CROSS JOIN LATERAL (SELECT product_id, variant_id, sku, options, quantity, unit_price FROM order_items WHERE order_id = o.id OFFSET 0) i`
    : sql`JOIN order_items i ON i.order_id = o.id`;

const topProductsSql = ({ since, days }: Period) =>
  sql`WITH per AS MATERIALIZED (
          SELECT i.product_id, coalesce(i.variant_id, '') AS variant_id, sum(i.quantity)::int AS units, sum(i.unit_price::bigint * i.quantity) AS taka,
            max(i.sku) AS sku, (array_agg(i.options))[1] AS options
          FROM orders o
          ${linesOf(days)}
          WHERE o.created_at >= ${since.toISOString()}::timestamptz AND ${isSale('o')}
            AND i.product_id IS NOT NULL
          GROUP BY i.product_id, coalesce(i.variant_id, '')),
        ranked AS (
          (SELECT 'units' AS by, per.* FROM per ORDER BY units DESC, taka DESC, product_id, variant_id LIMIT 10)
          UNION ALL
          (SELECT 'taka' AS by, per.* FROM per ORDER BY taka DESC, units DESC, product_id, variant_id LIMIT 10))
        SELECT r.by, r.product_id, r.variant_id, r.sku, r.options, p.name, r.units, r.taka::text AS taka
        FROM ranked r JOIN products p ON p.id = r.product_id`;

/**
 * Products at or below the shop's low-stock level, fewest first, with how many
 * there are — per variant (issue 21): every product has one (a product without
 * options its default one, decision 0109), so a product with options is listed
 * by its variants and never by its own row, their sum: product_variants_stock_idx.
 */
const lowStockSql = () =>
    sql`WITH level AS (SELECT coalesce((SELECT low_stock_threshold FROM shop_settings WHERE id = ${SETTINGS_ID}), ${DEFAULT_LOW_STOCK_THRESHOLD}) AS threshold),
        low AS (
          SELECT p.id, v.id AS variant_id, p.name, v.stock, v.option_values AS vals, coalesce(v.sku, '') AS sku, p.options
          FROM product_variants v JOIN products p ON p.id = v.product_id, level WHERE v.stock <= level.threshold)
        SELECT low.*, count(low.id) OVER ()::int AS total, level.threshold
        FROM level LEFT JOIN low ON true
        ORDER BY low.stock, low.name, low.id, low.variant_id
        LIMIT ${LOW_STOCK_LIST_LIMIT}`;

/** Cash on delivery against wallets, among the period's sales: orders_created_idx, index-only. */
const paymentsSql = ({ since }: Period) =>
    sql`SELECT payment_status = 'CASH-ON-DELIVERY' AS cod, count(*)::int AS orders, sum(total_amount)::bigint::text AS taka
        FROM orders WHERE created_at >= ${since.toISOString()}::timestamptz AND ${isSale()}
        GROUP BY 1`;

/**
 * Parcels booked with a courier in the period, and how many came back: a
 * returned or a cancelled parcel, the two stages that turn the order into
 * 'Return' (modules/courier): shipments_created_idx, index-only.
 */
const returnsSql = ({ since }: Period) =>
    sql`SELECT count(*)::int AS handed, count(*) FILTER (WHERE stage IN ('returned', 'cancelled'))::int AS returned
        FROM shipments WHERE created_at >= ${since.toISOString()}::timestamptz`;

/** Returns asked for in the period, not rejected, by reason: order_returns_created_idx. */
const returnReasonsSql = ({ since }: Period) =>
    sql`SELECT r.reason, count(DISTINCT r.id)::int AS returns, coalesce(sum(i.quantity), 0)::int AS units
        FROM order_returns r LEFT JOIN order_return_items i ON i.return_id = r.id
        WHERE r.created_at >= ${since.toISOString()}::timestamptz AND r.state <> 'rejected'
        GROUP BY r.reason ORDER BY units DESC, r.reason`;

/** The products most returned in the period (units), the ten first. */
const returnProductsSql = ({ since }: Period) =>
    sql`SELECT oi.product_id, min(oi.name) AS name, sum(i.quantity)::int AS units
        FROM order_returns r JOIN order_return_items i ON i.return_id = r.id JOIN order_items oi ON oi.id = i.order_item_id
        WHERE r.created_at >= ${since.toISOString()}::timestamptz AND r.state <> 'rejected'
        GROUP BY oi.product_id ORDER BY units DESC, min(oi.name) LIMIT 10`;

/** Refunds made in the period, in taka: refunds_done_idx. */
const refundsSql = ({ since }: Period) =>
    sql`SELECT count(*)::int AS orders, coalesce(sum(amount), 0)::bigint::text AS taka FROM refunds WHERE state = 'done' AND done_at >= ${since.toISOString()}::timestamptz`;

/** The seven queries of a period, by figure (the benchmark EXPLAINs them); the overdue count is of now, whatever the period. */
export function dashboardQueries(period: Period, now = new Date()): Record<'salesPerDay' | 'ordersByStatus' | 'topProducts' | 'lowStock' | 'payments' | 'returns' | 'overdue', SQL> {
  return {
    salesPerDay: salesPerDaySql(period),
    ordersByStatus: ordersByStatusSql(period),
    topProducts: topProductsSql(period),
    lowStock: lowStockSql(),
    payments: paymentsSql(period),
    returns: returnsSql(period),
    // Orders past a due time of issue 27 (modules/deadlines): orders_open_due_idx, index-only.
    overdue: overdueCountSql(now),
  };
}

/** The order PostgreSQL's text comparison gives ids (ASCII letters and digits, no collation surprises). */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type TopRow = { by: 'units' | 'taka'; product_id: string; variant_id: string; sku: string | null; options: ChosenOption[] | null; name: string; units: number; taka: string };
const product = (r: TopRow): DashboardProduct => ({
  productId: r.product_id,
  name: r.name,
  units: r.units,
  taka: Number(r.taka),
  variantId: r.variant_id || null,
  sku: r.sku ?? '',
  options: r.options ?? [],
});
type LowRow = { id: string; variant_id: string; name: string; stock: number; vals: string[]; sku: string; options: ProductOption[]; total: number; threshold: number };

/** Every figure of the owner's dashboard for the last `days` Dhaka days (today included). */
export async function dashboardSummary(db: Db, days: number, now = new Date()): Promise<DashboardSummary> {
  const period = periodOf(days, now);
  const { from, to } = period;
  const q = dashboardQueries(period, now);
  // Seven independent reads: on PostgreSQL they run side by side on the pool.
  const [daily, statuses, top, low, pay, parcels, late] = await Promise.all([
    rows<{ date: string; orders: number; taka: string }>(db, q.salesPerDay),
    rows<{ status: OrderStatus; orders: number }>(db, q.ordersByStatus),
    rows<TopRow>(db, q.topProducts),
    rows<LowRow>(db, q.lowStock),
    rows<{ cod: boolean; orders: number; taka: string }>(db, q.payments),
    rows<{ handed: number; returned: number }>(db, q.returns),
    rows<{ overdue: number }>(db, q.overdue),
  ]);

  const salesPerDayOut: DashboardDay[] = daily.map((d) => ({ date: d.date, orders: d.orders, taka: Number(d.taka) }));
  const sales = salesPerDayOut.reduce<OrdersAndTaka>((sum, d) => ({ orders: sum.orders + d.orders, taka: sum.taka + d.taka }), { orders: 0, taka: 0 });
  const ordersByStatusOut = Object.fromEntries(ORDER_STATUSES.map((s) => [s, statuses.find((r) => r.status === s)?.orders ?? 0])) as Record<OrderStatus, number>;
  // The join to products keeps no order: rank again, the same way as the query.
  const same = (a: DashboardProduct, b: DashboardProduct) => cmp(a.productId, b.productId) || cmp(a.variantId ?? '', b.variantId ?? '');
  const topByUnits = top.filter((r) => r.by === 'units').map(product).sort((a, b) => b.units - a.units || b.taka - a.taka || same(a, b));
  const topByTaka = top.filter((r) => r.by === 'taka').map(product).sort((a, b) => b.taka - a.taka || b.units - a.units || same(a, b));
  const lowProducts: LowStockProduct[] = low
    .filter((r) => r.id !== null)
    .map((r) => ({ productId: r.id, name: r.name, stock: r.stock, variantId: shownVariantId(r.id, r.variant_id), sku: shownVariantId(r.id, r.variant_id) ? r.sku : '', options: chosenOptions(r.options, r.vals) }));
  const payOf = (cod: boolean): OrdersAndTaka => {
    const r = pay.find((p) => p.cod === cod);
    return { orders: r?.orders ?? 0, taka: Number(r?.taka ?? 0) };
  };
  const { handed, returned } = parcels[0] ?? { handed: 0, returned: 0 };
  const [reasons, returnedProducts, refunded] = await Promise.all([
    rows<{ reason: DashboardSummary['afterSales']['byReason'][number]['reason']; returns: number; units: number }>(db, returnReasonsSql(period)),
    rows<{ product_id: string | null; name: string; units: number }>(db, returnProductsSql(period)),
    rows<{ orders: number; taka: string }>(db, refundsSql(period)),
  ]);
  const refunds = { orders: refunded[0]?.orders ?? 0, taka: Number(refunded[0]?.taka ?? 0) };

  return {
    days,
    from,
    to,
    salesPerDay: salesPerDayOut,
    sales,
    ordersByStatus: ordersByStatusOut,
    topByUnits,
    topByTaka,
    lowStock: {
      threshold: low[0]?.threshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
      total: low[0]?.id ? low[0].total : 0,
      products: lowProducts,
    },
    payments: { cod: payOf(true), wallet: payOf(false) },
    returns: { handed, returned, share: handed === 0 ? 0 : returned / handed },
    overdueOrders: late[0]?.overdue ?? 0,
    afterSales: {
      byReason: reasons,
      byProduct: returnedProducts.map((r) => ({ productId: r.product_id, name: r.name, units: r.units })),
      refunds,
      netSales: sales.taka - refunds.taka,
    },
  };
}
