// What bench:sale and bench:cluster check around a sale-day load: signed-in
// shoppers to add to carts, and the stock accounted for afterwards (never below
// zero; every unit gone from stock is in an order line).

/** Registers n shoppers through the shop's API at `base` and answers their access tokens. */
export async function registerShoppers(base, n) {
  const api = async (p, body) => {
    const res = await fetch(`${base}/api/${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = await res.json();
    if (!res.ok) throw new Error(`${p}: ${res.status} ${answer.message}`);
    return answer;
  };
  const tokens = [];
  for (let i = 0; i < n; i++) {
    const email = `sale.${i}@haat.test`;
    const password = 'sale-secret-1';
    await api('user/register', { name: 'Sale Shopper', email, password, confirmPassword: password });
    tokens.push((await api('user/login', { email, password })).data.access_token);
  }
  return tokens;
}

/** Keeps every product's stock and the number of orders now (db: a pg Pool or Client on the shop's database). */
export async function snapshotStock(db) {
  await db.query('drop table if exists bench_stock_before');
  await db.query('create table bench_stock_before as select id, stock from products');
  await db.query('drop table if exists bench_orders_before');
  await db.query('create table bench_orders_before as select id from orders');
}

/**
 * The stock since snapshotStock: no product below zero, and for every product
 * the units gone from stock are exactly the units in the order lines placed
 * since (orders given back, none in a sale, would show as unaccounted).
 */
export async function checkStock(db) {
  const stock = (
    await db.query(`
      with sold as (
        select product_id, sum(quantity)::int as units from order_items
        where order_id not in (select id from bench_orders_before) group by product_id)
      select count(*) filter (where p.stock < 0)::int as "belowZero",
             count(*) filter (where p.stock <> b.stock - coalesce(s.units, 0))::int as "unaccounted",
             coalesce(sum(b.stock - p.stock), 0)::int as "unitsTaken",
             (select coalesce(sum(units), 0)::int from sold) as "unitsInOrders",
             count(*) filter (where p.stock = 0 and b.stock > 0)::int as "soldOut"
      from products p join bench_stock_before b using (id) left join sold s on s.product_id = p.id`)
  ).rows[0];
  const orders = (await db.query('select count(*)::int as n from orders where id not in (select id from bench_orders_before)')).rows[0].n;
  return { ...stock, ordersInDatabase: orders, ok: stock.belowZero === 0 && stock.unaccounted === 0 && stock.unitsTaken === stock.unitsInOrders };
}
