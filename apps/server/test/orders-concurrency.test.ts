import { and, count, eq, sum } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, orderItems, orders } from '../src/db/schema';
import { dhakaGuest, makeAddress, makeProduct, makeUser, stockOf, useTestApp } from './support';

describe('concurrent orders', () => {
  const t = useTestApp();
  const api = t.api();

  it('50 concurrent orders against stock 10 yield exactly 10 orders and stock 0', async () => {
    const p = await makeProduct(t.database.db, { name: 'Flash Sale Phone', stock: 10, price: 20000 });
    const payload = { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: p.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest };
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => api.from(`10.2.0.${i + 1}`).post('order', payload)),
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

  it('units added to the cart while a cart order is placed stay in the cart', async () => {
    const db = t.database.db;
    const user = await makeUser(db, t.config);
    const addressId = await makeAddress(db, user.id);
    const p = await makeProduct(db, { name: 'Racing Rice', stock: 1000, quantity: 1000 });
    const inCart = async () => (await db.select({ q: cartItems.quantity }).from(cartItems).where(and(eq(cartItems.userId, user.id), eq(cartItems.productId, p.id))))[0]?.q ?? 0;
    const add = () => api.as(user).post('cart/add-to-cart', { product_id: p.id, quantity: 1 });

    let added = 0;
    let bought = 0;
    let keptAfterOrder = 0;
    const rounds = 8;
    for (let round = 0; round < rounds; round++) {
      await db.delete(cartItems).where(eq(cartItems.userId, user.id));
      expect((await add()).statusCode).toBe(200);
      // The order and five more additions race; the additions start while the order is under way.
      const placing = api.from(`10.3.0.${round + 1}`).as(user).post('order', { method: 'CASH-ON-DELIVERY', addressId });
      const adds = Array.from({ length: 5 }, (_, i) => new Promise((r) => setTimeout(r, i)).then(add));
      const [order, ...answers] = await Promise.all([placing, ...adds]);
      expect(order.statusCode).toBe(201);
      const okAdds = answers.filter((a) => a.statusCode === 200).length;
      expect(okAdds).toBe(5);
      const taken = order.json().data.product_details[0].quantity as number;
      const left = await inCart();
      // Every unit that got a 200 is either in the order or still in the cart: none is thrown away.
      expect({ round, left }).toEqual({ round, left: 1 + okAdds - taken });
      added += 1 + okAdds;
      bought += taken;
      keptAfterOrder += left;
    }
    const [row] = await db.select({ n: sum(orderItems.quantity) }).from(orderItems);
    console.log(`[${t.database.kind}] cart add racing checkout, ${rounds} rounds: ${added} units added with 200, ${bought} bought, ${keptAfterOrder} left in the cart, 0 lost`);
    expect(Number(row!.n)).toBe(bought);
    expect(await stockOf(db, p.id)).toBe(1000 - bought);
    expect(added).toBe(bought + keptAfterOrder);
  });
});
