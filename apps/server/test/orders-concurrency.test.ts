import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { useTestApp } from './helpers';
import { dhakaGuest, makeProduct, stockOf } from './shop-fixtures';

describe('concurrent orders', () => {
  const t = useTestApp();

  it('50 concurrent orders against stock 10 yield exactly 10 orders and stock 0', async () => {
    const p = await makeProduct(t.database.db, { name: 'Flash Sale Phone', stock: 10, price: 20000 });
    const payload = { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest };
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/order', payload, remoteAddress: `10.2.0.${i + 1}` })),
    );
    const ms = Math.round(performance.now() - started);
    const created = results.filter((r) => r.statusCode === 201).length;
    const refused = results.filter((r) => r.statusCode === 409);
    const stock = await stockOf(t.database.db, p.id);
    console.log(`[${t.database.kind}] 50 concurrent orders, stock 10: created ${created}, 409 ${refused.length}, final stock ${stock}, ${ms} ms`);

    expect(created).toBe(10);
    expect(refused).toHaveLength(40);
    expect(refused[0]!.json().message).toBe('Not enough stock for Flash Sale Phone.');
    expect(stock).toBe(0);
    expect((await t.database.db.select({ n: count() }).from(orders))[0]!.n).toBe(10);
  });
});
