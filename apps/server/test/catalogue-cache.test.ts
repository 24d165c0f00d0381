import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { products } from '../src/db/schema';
import { adminToken, createApi, dhakaGuest, multipart, seedCatalogue, testConfig, tmpDir, useTestApp, type Api } from './support';

/**
 * The catalogue answers from memory (decision 0016); every change must show
 * on the very next read: an admin's edit, an order taking stock, a change made
 * straight in the database, and (on PostgreSQL) a change made by another
 * server process.
 */
const guestOrder = (productId: string, quantity: number) => ({
  method: 'CASH-ON-DELIVERY',
  list_items: [{ product_id: productId, quantity }],
  guest_user_delivery_address: dhakaGuest,
});

const read = async (api: Api, url: string) => {
  const res = await api.get(url);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: unknown; totalCount?: number };
};
/** The admin's edit form: name, price and links change, the stock stays. */
const editProduct = async (api: Api, admin: string, fields: Record<string, string>) => {
  const res = await api.as(admin).put('product/edit-product', multipart({ description: 'd', unit: '1 pc', ...fields }));
  expect(res.statusCode).toBe(200);
};
const names = (body: { data: unknown }) => (body.data as { name: string }[]).map((p) => p.name);

describe('catalogue cache', () => {
  const t = useTestApp();
  const api = t.api();

  it('a cached answer changes right after an admin edit, an order and a direct database write', async () => {
    const admin = await adminToken(t.database.db, t.config);
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    const [kettleId] = await addProducts(cat.electronics, sub.phones, [{ name: 'Kettle', price: 1000, stock: 10 }]);
    await addProducts(cat.electronics, sub.phones, [{ name: 'Blender', price: 2000, stock: 4 }]);
    const listing = `product/get-product-by-category-and-subcategory?categoryId=${cat.electronics}&subcategoryId=${sub.phones}`;
    const details = `product/get-product-details?productId=${kettleId}`;

    // Read twice: the second answer comes from memory, with the same ETag.
    const first = await api.get(`${details}`);
    const again = await api.get(`${details}`);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(names(await read(api, listing))).toEqual(['Blender', 'Kettle']);
    expect((await read(api, 'product/get-all-products?search=kettle')).totalCount).toBe(1);

    // The admin renames the kettle and changes its price.
    await editProduct(api, admin, { productId: kettleId!, name: 'Electric Kettle', price: '900', stock: '10', category: cat.electronics, subCategory: sub.phones });
    expect((await read(api, details)).data).toMatchObject({ name: 'Electric Kettle', price: 900 });
    expect(names(await read(api, listing))).toEqual(['Blender', 'Electric Kettle']);
    expect(names(await read(api, 'product/get-all-products?search=electric'))).toEqual(['Electric Kettle']);

    // A guest orders 3: the stock shown drops at once, in details and in lists.
    expect((await api.post('order', guestOrder(kettleId!, 3))).statusCode).toBe(201);
    expect((await read(api, details)).data).toMatchObject({ stock: 7 });
    expect((await read(api, listing)).data).toContainEqual(expect.objectContaining({ name: 'Electric Kettle', stock: 7 }));

    // A write that bypasses the app (psql, another tool) is seen too.
    await t.database.db.update(products).set({ name: 'Steel Kettle' }).where(eq(products.id, kettleId!));
    expect((await read(api, details)).data).toMatchObject({ name: 'Steel Kettle' });
    await t.database.db.execute(sql`delete from products where name = 'Blender'`);
    expect(names(await read(api, listing))).toEqual(['Steel Kettle']);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('catalogue cache across two server processes on one PostgreSQL', () => {
  const t = useTestApp();
  const api = t.api();
  let other: { app: FastifyInstance; database: Database } | null = null;
  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
  });

  it('a change through one process shows on the very next read from the other', async () => {
    // A second app with its own pool and LISTEN connection: what a second process has.
    const database = await openDatabase(process.env.TEST_DATABASE_URL, tmpDir());
    // B only answers public reads and guest orders: any secret of its own will do.
    const config = testConfig({ DATABASE_URL: process.env.TEST_DATABASE_URL!, JWT_SECRET: randomBytes(32).toString('hex') });
    other = { database, app: await buildApp({ config, database, webDist: path.join(tmpDir(), 'no-web') }) };
    const b = createApi(other.app);

    const admin = await adminToken(t.database.db, t.config);
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    const [id] = await addProducts(cat.fashion, sub.shirts, [{ name: 'Cotton Panjabi', price: 1500, stock: 8 }]);
    const details = `product/get-product-details?productId=${id}`;
    for (let i = 0; i < 2; i++) expect((await read(b, details)).data).toMatchObject({ name: 'Cotton Panjabi', stock: 8 });

    // The admin edits through process A; process B answers the new name at once.
    await editProduct(api, admin, { productId: id!, name: 'Silk Panjabi', price: '2500', stock: '8', category: cat.fashion, subCategory: sub.shirts });
    expect((await read(b, details)).data).toMatchObject({ name: 'Silk Panjabi', price: 2500 });

    // An order placed through A: B shows the stock left.
    expect((await api.post('order', guestOrder(id!, 2))).statusCode).toBe(201);
    expect((await read(b, details)).data).toMatchObject({ stock: 6 });
    // And the other way round.
    expect((await b.post('order', guestOrder(id!, 1))).statusCode).toBe(201);
    expect((await read(api, details)).data).toMatchObject({ stock: 5 });
  });
});
