import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface OrderSeedOptions {
  /** How many orders (default 100,000). */
  orders?: number;
  /** How many products they buy from (added as 'seedp<n>' when missing; default 2,000). */
  products?: number;
  /** Spread over this many days back from now (default 365). */
  days?: number;
}

/**
 * Fills a scratch database with a shop's worth of history for the dashboard's
 * benchmark and slow test, in a few set-based statements (INSERT … SELECT
 * generate_series), so 100,000 orders take seconds:
 * - orders spread evenly over `days`, by mix: 55 % cash on delivery, 45 %
 *   wallets (a third of them bKash checkout, 5 % of those still awaiting or
 *   failed); statuses 40 % Delivered, 25 % Received, 20 % Pending, 10 % Cancel,
 *   5 % Return;
 * - one to three lines per order (2 on average), products picked by a fixed
 *   hash of the order and line, quantity 1–3;
 * - a courier parcel for every order that is not Pending or cancelled, its stage
 *   following the order: Return → returned, else delivered.
 * Deterministic: the same options give the same rows, so a test can know the
 * figures. Ids are 'seedo<n>' / 'seedi<n>_<k>'.
 */
export async function seedOrders(db: Db, opts: OrderSeedOptions = {}): Promise<void> {
  const orders = opts.orders ?? 100_000;
  const products = opts.products ?? 2_000;
  const days = opts.days ?? 365;

  await db.execute(sql`
    INSERT INTO products (id, name, unit, price, discount, stock, images)
    SELECT 'seedp' || g, 'Seed product ' || g, '1 pc', 100 + (g * 37) % 4900, 0, (g * 13) % 60, array['/uploads/products/x.webp']
    FROM generate_series(1, ${products}::int) AS g
    ON CONFLICT (id) DO NOTHING`);

  // g → a fixed place in the period, newest last; (g * 7919) % 100 picks the mix without clustering by date.
  await db.execute(sql`
    INSERT INTO orders (id, order_id, status, payment_status, payment_state, mobile, sub_total_amount, delivery_fee, total_amount,
                        guest_user_delivery_address, inside_dhaka, stock_reserved, created_at, updated_at)
    SELECT 'seedo' || g, 'HT-SEED-' || g,
      CASE WHEN m < 40 THEN 'Delivered' WHEN m < 65 THEN 'Received' WHEN m < 85 THEN 'Pending' WHEN m < 95 THEN 'Cancel' ELSE 'Return' END,
      CASE WHEN p < 55 THEN 'CASH-ON-DELIVERY' WHEN p < 70 THEN 'bkash' WHEN p < 85 THEN 'rocket' ELSE 'nagad' END,
      CASE WHEN p >= 55 AND p < 70 THEN (CASE WHEN g % 20 = 0 THEN 'awaiting' WHEN g % 20 = 1 THEN 'failed' ELSE 'paid' END) END,
      '01712345678', 0, CASE WHEN g % 3 = 0 THEN 100 ELSE 50 END, 0,
      '{"address_line":"Road 5, Mirpur","city":"Dhaka","mobile":"01712345678"}'::jsonb, true,
      m < 85,
      now() - (${days}::int * interval '1 day') * (${orders}::int - g + 0.5) / ${orders}::int,
      now()
    FROM generate_series(1, ${orders}::int) AS g
    CROSS JOIN LATERAL (SELECT (g * 7919) % 100 AS m, (g::bigint * 104729) % 100 AS p) mix`);

  await db.execute(sql`
    INSERT INTO order_items (id, order_id, product_id, name, price, discount, unit_price, quantity)
    SELECT 'seedi' || g || '_' || k, 'seedo' || g, pr.id, pr.name, pr.price, 0, pr.price, 1 + (g + k) % 3
    FROM generate_series(1, ${orders}::int) AS g
    CROSS JOIN LATERAL generate_series(1, 1 + g % 3) AS k
    JOIN products pr ON pr.id = 'seedp' || (1 + ((g * 31 + k * 977) % ${products}::int))`);

  await db.execute(sql`
    UPDATE orders o SET sub_total_amount = l.sub, total_amount = l.sub + o.delivery_fee
    FROM (SELECT order_id, sum(unit_price * quantity)::int AS sub FROM order_items WHERE order_id LIKE 'seedo%' GROUP BY order_id) l
    WHERE o.id = l.order_id`);

  await db.execute(sql`
    INSERT INTO shipments (order_id, provider, consignment_id, status, stage, final, created_at)
    SELECT id, 'sandbox', 'seed-' || id, CASE WHEN status = 'Return' THEN 'returned' ELSE 'delivered' END,
      CASE WHEN status = 'Return' THEN 'returned' ELSE 'delivered' END, true, created_at + interval '1 hour'
    FROM orders WHERE id LIKE 'seedo%' AND status IN ('Delivered', 'Received', 'Return')`);

  // Fresh statistics, as autovacuum would give a live shop, and a visibility map for index-only scans.
  for (const table of ['products', 'orders', 'order_items', 'shipments']) await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
}
