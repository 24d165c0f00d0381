import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, productVariants } from '../src/db/schema';
import { makeAddress, makeProduct, makeUser, multipart, useTestApp } from './support';

/**
 * Decisions 0109 and 0111: a product without options has one default variant (id = the product's), and every
 * stock path — placing, cancelling, bringing back, returning — writes it as it writes a variant line's, so the
 * product row and its default variant always hold the same stock. The trigger (migration 0048) still carries a
 * direct change of a plain product's price, discount, stock or publish to it, and leaves it alone otherwise.
 */
describe('the default variant of a plain product', () => {
  const t = useTestApp();
  const db = () => t.database.db;
  const stocks = async (id: string) => {
    const [p] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, id));
    const [v] = await db().select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id));
    return { product: p!.stock, variant: v!.stock };
  };

  it('an order takes, a cancel gives back, a revival takes again and a received return gives back: product and default variant alike', async () => {
    const admin = t.api().as(await makeUser(db(), t.config, 'ADMIN'));
    const shopper = await makeUser(db(), t.config);
    const address = await makeAddress(db(), shopper.id);
    const product = await makeProduct(db(), { stock: 10 });
    expect(await stocks(product.id)).toEqual({ product: 10, variant: 10 });

    const place = async (quantity: number) => {
      const res = await t.api().from('10.111.0.1').as(shopper).post('order', { method: 'CASH-ON-DELIVERY', addressId: address, list_items: [{ product_id: product.id, quantity }] });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { _id: string; product_details: { _id: string }[] };
    };
    const status = async (id: string, to: string) => expect((await admin.patch(`order/update-status/${id}`, { status: to })).statusCode).toBe(200);

    const cancelled = await place(3);
    expect(await stocks(product.id)).toEqual({ product: 7, variant: 7 });
    await status(cancelled._id, 'Cancel');
    expect(await stocks(product.id)).toEqual({ product: 10, variant: 10 });
    await status(cancelled._id, 'Pending');
    expect(await stocks(product.id)).toEqual({ product: 7, variant: 7 });
    await status(cancelled._id, 'Cancel');
    expect(await stocks(product.id)).toEqual({ product: 10, variant: 10 });

    const kept = await place(4);
    await status(kept._id, 'Delivered');
    expect(await stocks(product.id)).toEqual({ product: 6, variant: 6 });
    const asked = await t.api().from('10.111.0.2').as(shopper).post(
      `order/${kept._id}/returns`,
      multipart({ request: JSON.stringify({ kind: 'return', items: [{ item_id: kept.product_details[0]!._id, quantity: 2 }], reason: 'damaged' }) }),
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const ret = asked.json().data as { _id: string };
    expect((await admin.post(`returns/${ret._id}/decision`, { decision: 'approve', pickup: 'manual' })).statusCode).toBe(200);
    expect((await admin.post(`returns/${ret._id}/receive`, {})).json().data.state).toBe('received');
    expect(await stocks(product.id)).toEqual({ product: 8, variant: 8 });
    // The rest of the order cancelled afterwards gives back only what it still holds.
    await status(kept._id, 'Return');
    expect(await stocks(product.id)).toEqual({ product: 10, variant: 10 });
  });

  it('a direct change of price, discount, stock or publish reaches the default variant; a change of its name leaves it untouched', async () => {
    const product = await makeProduct(db(), { price: 500, discount: 0, stock: 4 });
    const variant = async () => (await db().select().from(productVariants).where(eq(productVariants.id, product.id)))[0]!;
    await db().update(products).set({ price: 650, discount: 10, stock: 9, publish: false }).where(eq(products.id, product.id));
    expect(await variant()).toMatchObject({ price: 650, discount: 10, stock: 9, publish: false });
    await db().update(products).set({ stock: 2 }).where(eq(products.id, product.id));
    expect((await variant()).stock).toBe(2);
    const before = (await variant()).updatedAt;
    await db().update(products).set({ name: 'Renamed product', nameBn: 'নতুন নাম' }).where(eq(products.id, product.id));
    expect(await variant()).toMatchObject({ price: 650, discount: 10, stock: 2, publish: false, updatedAt: before });
  });
});
