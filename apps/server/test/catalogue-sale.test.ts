import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productCategories, products } from '../src/db/schema';
import { CatalogueCache } from '../src/modules/catalogue/cache';
import { dhakaGuest, makeSubCategory, makeUser, seedCatalogue, stockOf, useTestApp, type Api } from './support';

/**
 * A sale day (issue 23, decision 0063): orders change stock many times a
 * second, yet cached catalogue answers stay kept, a shopper sees an answer at
 * most CATALOGUE_MAX_STALE_MS old, and stock and prices are checked afresh
 * whenever a cart line is added or an order placed.
 */
const MAX_STALE_MS = 400;

const read = async (api: Api, url: string) => {
  const res = await api.get(url);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: unknown; totalCount?: number };
};
const names = (body: { data: unknown }) => (body.data as { name: string }[]).map((p) => p.name);
const guestOrder = (productId: string, quantity: number) => ({
  method: 'CASH-ON-DELIVERY',
  list_items: [{ product_id: productId, quantity }],
  guest_user_delivery_address: dhakaGuest,
});
/** Resolves once `check` passes, polling every 20 ms; answers how long that took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > ms) throw new Error(`not seen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return performance.now() - started;
}

describe('the catalogue cache during a stream of orders', () => {
  const t = useTestApp();

  it('keeps a load that was in flight when the stock of another product changed, and drops one whose product changed', async () => {
    const { database } = t;
    const { cat, sub, addProducts } = await seedCatalogue(database.db);
    const [shown, other] = await addProducts(cat.electronics, sub.phones, [{ name: 'Shown', stock: 5 }, { name: 'Other', stock: 5 }]);
    const cache = new CatalogueCache();
    await cache.start(database);
    /** A load of `key` showing `shown`, still running while `productId`'s stock changes; answers once it ends. */
    const loadDuring = async (key: string, productId: string, stock: number) => {
      let finish!: () => void;
      let started!: () => void;
      const gate = new Promise<void>((r) => (finish = r));
      const running = new Promise<void>((r) => (started = r));
      const answer = cache.get(key, async () => {
        started();
        await gate;
        return { body: { name: 'Shown' }, productIds: [shown!] };
      });
      // The change must come while the load runs: get() first waits for its own round trip, which on a busy
      // machine can outlast the update and its notice (the load then began after the change, and is kept).
      await running;
      await database.db.update(products).set({ stock }).where(eq(products.id, productId));
      // The notification arrives through the LISTEN connection; a later read waits for it.
      await cache.get(`probe ${key}`, async () => ({ body: {}, productIds: [] }));
      finish();
      await answer;
    };
    try {
      // An order takes stock of another product while the load runs: kept.
      await loadDuring('one', other!, 4);
      expect(cache.size).toBe(2);
      // The product the load shows is the one whose stock moved: not kept, and 'one' (showing it too) goes.
      await loadDuring('two', shown!, 3);
      expect(cache.size).toBe(2);
    } finally {
      await cache.close();
    }
  });
});

describe('a listing total through orders and new products', () => {
  const t = useTestApp();
  const api = t.api();

  it('stays right while orders take stock, and counts a new product at once', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    const [first] = await addProducts(cat.electronics, sub.phones, [{ name: 'Kettle', stock: 6 }, { name: 'Blender', stock: 6 }]);
    const listing = `product/get-product-by-category-and-subcategory?categoryId=${cat.electronics}&subcategoryId=${sub.phones}&limit=1`;
    expect((await read(api, listing)).totalCount).toBe(2);
    expect((await api.post('order', guestOrder(first!, 2))).statusCode).toBe(201);
    expect((await read(api, `${listing}&page=2`)).totalCount).toBe(2);
    await addProducts(cat.electronics, sub.phones, [{ name: 'Toaster' }]);
    expect((await read(api, listing)).totalCount).toBe(3);
    expect((await read(api, 'product/get-all-products?limit=1')).totalCount).toBe(3);
  });

  it('checks a listing\'s category and sub-category against ids read once per catalogue change, and knows a new one at once', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    await addProducts(cat.electronics, sub.phones, [{ name: 'Kettle' }]);
    const listing = (categoryId: string, subcategoryId: string) => api.get(`product/get-product-by-category-and-subcategory?categoryId=${categoryId}&subcategoryId=${subcategoryId}`);
    expect((await listing(cat.electronics, sub.phones)).statusCode).toBe(200);
    const unknown = 'zzzzzzzzzzzzzzzz';
    expect((await listing(cat.electronics, unknown)).json()).toMatchObject({ code: 'SUBCATEGORY_NOT_FOUND' });
    expect((await listing(unknown, sub.phones)).json()).toMatchObject({ code: 'CATEGORY_NOT_FOUND' });
    expect((await listing(cat.electronics, 'not an id')).statusCode).toBe(400);
    expect((await api.get(`product/get-product-by-id?categoryId=${unknown}`)).statusCode).toBe(404);
    // A sub-category added now is listed on the very next read (the ids are read again after the change).
    const cables = await makeSubCategory(t.database.db, [cat.electronics], { name: 'Cables' });
    await addProducts(cat.electronics, cables.id, [{ name: 'USB Cable' }]);
    const answer = await listing(cat.electronics, cables.id);
    expect(answer.statusCode).toBe(200);
    expect(names(answer.json())).toEqual(['USB Cable']);
  });

  it('leaves out a product of the sub-category that is not in the category, on every page, until it is linked', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    await addProducts(cat.electronics, sub.phones, [{ name: 'Phone A' }, { name: 'Phone B' }]);
    // Filed under Phones but only in Fashion: not in the Electronics › Phones listing.
    const [stray] = await addProducts(cat.fashion, sub.phones, [{ name: 'Phone Case' }]);
    const listing = `product/get-product-by-category-and-subcategory?categoryId=${cat.electronics}&subcategoryId=${sub.phones}&limit=1`;
    const page = async (n: number) => read(api, `${listing}&page=${n}`);
    expect(names(await page(1))).toEqual(['Phone B']);
    expect(names(await page(2))).toEqual(['Phone A']);
    expect((await page(2)).totalCount).toBe(2);
    expect(names(await page(3))).toEqual([]);
    await t.database.db.insert(productCategories).values({ productId: stray!, categoryId: cat.electronics });
    expect(names(await page(1))).toEqual(['Phone Case']);
    expect((await page(3)).totalCount).toBe(3);
    expect(names(await page(3))).toEqual(['Phone A']);
  });
});

describe(`answers at most ${MAX_STALE_MS} ms old (CATALOGUE_MAX_STALE_MS)`, () => {
  const t = useTestApp({ CATALOGUE_MAX_STALE_MS: String(MAX_STALE_MS) });
  const api = t.api();

  it('shows a change made straight in the database within the bound, and never sells past the stock a cached page shows', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    const [id] = await addProducts(cat.fashion, sub.shirts, [{ name: 'Cotton Panjabi', price: 1500, stock: 3 }]);
    const details = `product/get-product-details?productId=${id}`;
    expect((await read(api, details)).data).toMatchObject({ name: 'Cotton Panjabi', stock: 3, price: 1500 });

    // Another tool renames it, raises the price and sells the last units.
    await t.database.db.update(products).set({ name: 'Silk Panjabi', price: 2500, stock: 0 }).where(eq(products.id, id!));
    const user = await makeUser(t.database.db, t.config);
    const shopper = api.as(user);
    // Whatever a cached page still shows, the cart and the order read the stock afresh.
    const add = await shopper.post('cart/add-to-cart', { product_id: id, quantity: 1 });
    expect(add.statusCode).toBe(409);
    expect(add.json()).toMatchObject({ code: 'OUT_OF_STOCK' });
    const order = await api.post('order', guestOrder(id!, 1));
    expect(order.statusCode).toBe(409);
    expect(await stockOf(t.database.db, id!)).toBe(0);

    // The page shows the change within the bound (and a margin for a loaded test machine).
    await within(MAX_STALE_MS + 1_000, async () => {
      const data = (await read(api, details)).data as { name: string; stock: number; price: number };
      return data.name === 'Silk Panjabi' && data.stock === 0 && data.price === 2500;
    });
    // The price an order is charged is the database's, not a cached page's.
    await t.database.db.execute(sql`update products set stock = 2 where id = ${id}`);
    const placed = await api.post('order', guestOrder(id!, 1));
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data).toMatchObject({ subTotal_amount: 2500 });
  });
});

/**
 * Decision 0079: an order's stock change no longer drops the cached answers showing the product; they are answered
 * for at most CATALOGUE_STOCK_GRACE_MS more while loaded again. A cart line and an order read the stock afresh.
 */
const GRACE_MS = 3_000;

describe(`after an order, a cached answer may show the old stock for at most ${GRACE_MS} ms (CATALOGUE_STOCK_GRACE_MS)`, () => {
  const t = useTestApp({ CATALOGUE_MAX_STALE_MS: '0', CATALOGUE_STOCK_GRACE_MS: String(GRACE_MS) });
  const api = t.api();

  it('refuses a cart line and an order the cached page would allow, and shows the new stock within the grace', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    const [id, other] = await addProducts(cat.fashion, sub.shirts, [
      { name: 'Cotton Panjabi', price: 1500, stock: 3 },
      { name: 'Silk Saree', price: 4000, stock: 9 },
    ]);
    const details = `product/get-product-details?productId=${id}`;
    const search = 'product/get-all-products?search=panjabi';
    const stockShown = async (url: string) => ((await read(api, url)).data as { stock: number }) ?? null;
    expect(await stockShown(details)).toMatchObject({ stock: 3 });
    expect(((await read(api, search)).data as { stock: number }[])[0]).toMatchObject({ stock: 3 });

    // A guest buys two; the other product's page is untouched by it.
    const first = await api.post('order', guestOrder(id!, 2));
    expect(first.statusCode).toBe(201);
    expect(await stockOf(t.database.db, id!)).toBe(1);
    const openedAt = performance.now();
    // The cached answers still show 3 (the grace; every read here confirms with PostgreSQL first, so the change has arrived)…
    expect(await stockShown(details)).toMatchObject({ stock: 3 });
    expect(((await read(api, search)).data as { stock: number }[])[0]).toMatchObject({ stock: 3 });
    // …but a cart line and an order of 2 or 3 units are refused: they read the stock the database holds.
    const shopper = api.as(await makeUser(t.database.db, t.config));
    const add = await shopper.post('cart/add-to-cart', { product_id: id, quantity: 2 });
    expect(add.statusCode).toBe(400);
    expect(add.json()).toMatchObject({ code: 'CART_QUANTITY_CAP', message: 'You can have at most 1 of Cotton Panjabi in your cart.' });
    const tooMany = await api.post('order', guestOrder(id!, 3));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: 'NOT_ENOUGH_STOCK' });
    // One unit is there: it is sold at the price the database holds.
    const last = await api.post('order', guestOrder(id!, 1));
    expect(last.statusCode).toBe(201);
    expect(last.json().data).toMatchObject({ subTotal_amount: 1500 });
    expect(await stockOf(t.database.db, id!)).toBe(0);
    const refused = await shopper.post('cart/add-to-cart', { product_id: id, quantity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(await stockOf(t.database.db, other!)).toBe(9);

    // Both answers show the true stock within the grace of the first change (and a margin for a loaded machine).
    await within(GRACE_MS + 1_000, async () => (await stockShown(details)).stock === 0 && ((await read(api, search)).data as { stock: number }[])[0]!.stock === 0);
    expect(performance.now() - openedAt).toBeLessThan(GRACE_MS + 1_000);
  });

  it('shows a new price at once, whatever the grace: only stock may lag', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    const [id] = await addProducts(cat.fashion, sub.shirts, [{ name: 'Cotton Panjabi', price: 1500, stock: 3 }]);
    const details = `product/get-product-details?productId=${id}`;
    expect((await read(api, details)).data).toMatchObject({ price: 1500 });
    await t.database.db.update(products).set({ price: 1800 }).where(eq(products.id, id!));
    expect((await read(api, details)).data).toMatchObject({ price: 1800 });
    const placed = await api.post('order', guestOrder(id!, 1));
    expect(placed.json().data).toMatchObject({ subTotal_amount: 1800 });
  });
});

describe('the stock grace of the catalogue cache', () => {
  const t = useTestApp();

  it('answers from memory within the grace, loads again in the background past half of it, and waits once it is over', async () => {
    const { database } = t;
    const { cat, sub, addProducts } = await seedCatalogue(database.db);
    const [shown] = await addProducts(cat.electronics, sub.phones, [{ name: 'Shown', stock: 50 }]);
    const grace = 2_000;
    const cache = new CatalogueCache(undefined, 0, grace);
    await cache.start(database);
    let loads = 0;
    const load = async () => {
      loads++;
      const [row] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, shown!));
      return { body: { stock: row!.stock }, productIds: [shown!] };
    };
    const stock = async () => JSON.parse((await cache.get('k', load)).json).stock as number;
    const takeOne = async () => {
      await database.db.execute(sql`update products set stock = stock - 1 where id = ${shown}`);
      // The next read waits for a round trip on the LISTEN connection: the notification has arrived.
      await cache.get('probe', async () => ({ body: {}, productIds: [] }));
    };
    try {
      expect(await stock()).toBe(50);
      await takeOne();
      const changedAt = performance.now();
      // Within the first half of the grace: the old answer, nothing loaded.
      expect(await stock()).toBe(50);
      expect(loads).toBe(1);
      // Past half of it: still the old answer, and one load in the background brings the new one.
      await new Promise((r) => setTimeout(r, grace / 2 - (performance.now() - changedAt) + 20));
      expect(await stock()).toBe(50);
      await within(grace, async () => (await stock()) === 49);
      expect(loads).toBe(2);
      // A change nobody reads within the grace: the next reader waits for the new answer.
      await takeOne();
      await new Promise((r) => setTimeout(r, grace + 20));
      expect(await stock()).toBe(48);
      expect(loads).toBe(3);
    } finally {
      await cache.close();
    }
  });
});
