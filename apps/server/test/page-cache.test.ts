import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { isPersonal } from '../src/modules/seo/page-cache';
import { adminToken, createApi, dhakaGuest, makeUser, multipart, seedCatalogue, testConfig, testDatabase, webBuildFixture, type TestUser } from './support';

/**
 * Issue 40 (decision 0090): a guest's server-rendered page is rendered once and kept, as fresh as the
 * catalogue answers it shows. The web build is a fixture, as in storefront-render.test.ts: its page reads the
 * product (or the home list) through the API in-process, as the real one does, and counts its renders.
 */
const RENDERER = `
let inject;
export function connectApi(fn) { inject = fn; }
export async function renderPage(url, lang) {
  globalThis.__pageRenders = (globalThis.__pageRenders ?? 0) + 1;
  const { pathname, search } = new URL(url);
  const words = lang === 'bn' ? 'দাম' : 'Price';
  let html;
  if (pathname.startsWith('/product/')) {
    const id = pathname.split('-').pop();
    const { json } = await inject('/api/product/get-product-details?productId=' + id, {});
    const p = json.data;
    html = '<main><h1>' + p.name + '</h1><p>' + words + ' ' + p.price + '</p><p>stock ' + p.stock + '</p><p>at ' + search + '</p></main>';
  } else {
    const { json } = await inject('/api/product/get-all-products?page=1&limit=20', {});
    // ?hold: this render waits, once, after its read, for the test to let it go.
    const hold = globalThis.__holdRender;
    if (search.includes('hold') && hold) {
      globalThis.__holdRender = undefined;
      globalThis.__heldRead = true;
      await hold;
    }
    html = '<main>' + json.data.map((p) => '<p>' + p.name + ' ' + words + ' ' + p.price + '</p>').join('') + '</main>';
  }
  return { html, page: { lang, queries: { mutations: [], queries: [] }, apiUrls: [] } };
}
`;
const renders = () => (globalThis as { __pageRenders?: number }).__pageRenders ?? 0;
const SHARED = 'public, max-age=1, stale-while-revalidate=5';

describe('guest pages kept in the shop process', () => {
  let app: FastifyInstance;
  let database: Database;
  let admin: string;
  let shopper: TestUser;
  let kettle: string;
  let categoryId: string;
  let subCategoryId: string;

  beforeAll(async () => {
    const web = webBuildFixture(RENDERER);
    database = await testDatabase();
    // Production's stock bound (decision 0079): a stock figure may be up to a second old, then checked again.
    const config = testConfig({ PUBLIC_URL: 'https://shop.example.com', CATALOGUE_STOCK_GRACE_MS: '1000' });
    app = await buildApp({ config, database, webDist: web });
    await app.ready();
    admin = await adminToken(database.db, config);
    shopper = await makeUser(database.db, config);
    const { cat, sub, addProducts } = await seedCatalogue(database.db);
    [categoryId, subCategoryId] = [cat.electronics, sub.phones];
    [kettle] = (await addProducts(cat.electronics, sub.phones, [{ name: 'Kettle', price: 1000, stock: 10 }])) as [string];
  });
  afterAll(() => app.close());

  const api = () => createApi(app);
  const get = (url: string, headers: Record<string, string> = {}) => api().get(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  const productUrl = () => `/product/kettle-${kettle}`;
  const editPrice = async (price: number) => {
    const res = await api()
      .as(admin)
      .put('product/edit-product', multipart({ productId: kettle, name: 'Kettle', description: 'd', unit: '1 pc', price: String(price), stock: '10', category: categoryId, subCategory: subCategoryId }));
    expect(res.statusCode).toBe(200);
  };

  it('renders a guest’s page once and answers it from memory, with exact Cache-Control, an ETag and 304', async () => {
    const before = renders();
    const first = await get(productUrl());
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.body).toContain('<h1>Kettle</h1><p>Price 1000</p>');
    expect(first.headers['cache-control']).toBe(SHARED);
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');

    const second = await get(productUrl());
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe(SHARED);
    expect(renders()).toBe(before + 1);

    // A browser (or nginx) holding this version gets 304 and no body.
    const again = await get(productUrl(), { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe(SHARED);
    expect((await get(productUrl(), { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
    expect(renders()).toBe(before + 1);

    // Kept compressed; every encoding is the same page.
    const br = await get(productUrl(), { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await get(productUrl(), { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(renders()).toBe(before + 1);
  });

  it('finds the page kept for an ad’s click, whatever its tracking parameters', async () => {
    const url = `${productUrl()}?ref=ad`;
    const before = renders();
    expect((await get(`${url}&fbclid=IwAR0first&utm_source=facebook`)).headers['x-page-cache']).toBe('miss');
    const next = await get(`${url}&fbclid=IwAR0second`);
    expect(next.headers['x-page-cache']).toBe('hit');
    expect(next.body).not.toContain('IwAR0');
    expect((await get(url)).headers['x-page-cache']).toBe('hit');
    expect(renders()).toBe(before + 1);
  });

  it('keeps one page per language', async () => {
    const before = renders();
    const bn = await get(productUrl(), { cookie: 'haat.lang=bn' });
    expect(bn.body).toContain('<p>দাম 1000</p>');
    expect(bn.headers['x-page-cache']).toBe('miss');
    expect((await get(productUrl(), { 'accept-language': 'bn-BD,bn;q=0.9' })).headers['x-page-cache']).toBe('hit');
    expect((await get(productUrl())).body).toContain('<p>Price 1000</p>');
    expect(renders()).toBe(before + 1);
  });

  it('shows an owner’s price edit on the very next request, on the product page and on a list that shows it', async () => {
    await get(productUrl());
    await get('/');
    expect((await get('/')).body).toContain('<p>Kettle Price 1000</p>');
    await editPrice(900);
    const page = await get(productUrl());
    expect(page.body).toContain('<p>Price 900</p>');
    expect(page.body).toContain('"price":"900.00"');
    expect((await get('/')).body).toContain('<p>Kettle Price 900</p>');
    await editPrice(1000);
    expect((await get('/')).body).toContain('<p>Kettle Price 1000</p>');
  });

  it('never answers a request that came after an owner’s edit with a render begun before it', async () => {
    let release = () => {};
    const state = globalThis as { __holdRender?: Promise<void>; __heldRead?: boolean };
    state.__holdRender = new Promise<void>((r) => (release = r));
    state.__heldRead = false;
    // A first guest's render reads the home list (price 1000), then is held.
    const first = get('/?hold=1');
    while (!state.__heldRead) await new Promise((r) => setTimeout(r, 5));
    await editPrice(700);
    // A guest after the edit must not wait for that render: were it joined, the render would be let go and answer 1000.
    const letGo = setTimeout(release, 500);
    const second = await get('/?hold=1');
    expect(second.body).toContain('<p>Kettle Price 700</p>');
    clearTimeout(letGo);
    release();
    expect((await first).statusCode).toBe(200);
    expect((await get('/?hold=1')).body).toContain('<p>Kettle Price 700</p>');
    await editPrice(1000);
  });

  it('shows an order’s stock within two seconds, checking the page again rather than rendering each time', async () => {
    await get(productUrl());
    expect((await get(productUrl())).body).toContain('<p>stock 10</p>');
    const order = await api().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: kettle, quantity: 3 }], guest_user_delivery_address: dhakaGuest });
    expect(order.statusCode).toBe(201);
    const ordered = Date.now();
    // Right after the order the page is answered as kept (its stock may lag by up to the bound)…
    const before = renders();
    const kept = await get(productUrl());
    expect(kept.headers['x-page-cache']).toBe('hit');
    expect(renders()).toBe(before);
    // …and any request that starts two seconds after it (the page's second, plus the catalogue answer's) shows it.
    await new Promise((r) => setTimeout(r, Math.max(0, ordered + 2000 - Date.now())));
    expect((await get(productUrl())).body).toContain('<p>stock 7</p>');
    // Rendered again once, because the stock it read changed; answered from memory afterwards.
    const after = renders();
    expect((await get(productUrl())).body).toContain('<p>stock 7</p>');
    expect(renders()).toBe(after);
    expect(after - before).toBeLessThanOrEqual(2);
  });

  it('never gives a signed-in request a kept page, nor keeps the page rendered for it', async () => {
    const url = `${productUrl()}?from=signed-in`;
    for (const headers of [shopper.auth, { cookie: 'haat.lang=en; session=abc' }]) {
      const before = renders();
      const mine = await get(url, headers);
      expect(mine.statusCode).toBe(200);
      expect(mine.body).toContain('<h1>Kettle</h1>');
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect(mine.headers.etag).toBeUndefined();
      expect(mine.headers['x-page-cache']).toBeUndefined();
      expect(renders()).toBe(before + 1);
    }
    // The first guest after them finds nothing kept: rendered for the guest, then kept.
    const before = renders();
    expect((await get(url)).headers['x-page-cache']).toBe('miss');
    expect(renders()).toBe(before + 1);
    // And a signed-in request after that still gets its own page, not the kept one.
    const mine = await get(url, shopper.auth);
    expect(mine.headers['x-page-cache']).toBeUndefined();
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(renders()).toBe(before + 2);
  });

  it('tells a personal request from a guest’s', () => {
    expect(isPersonal({})).toBe(false);
    expect(isPersonal({ cookie: 'haat.lang=bn' })).toBe(false);
    expect(isPersonal({ cookie: ' haat.lang=en ; ' })).toBe(false);
    expect(isPersonal({ authorization: 'Bearer x' })).toBe(true);
    expect(isPersonal({ cookie: 'haat.lang=bn; sid=1' })).toBe(true);
  });

  it('keeps no 404 and leaves the admin’s pages uncached as before', async () => {
    const missing = await get('/product/nothing-00000000000000aa');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-page-cache']).toBeUndefined();
    expect(missing.headers['cache-control']).toBe('no-cache');
    const admin = await get('/dashboard/products');
    expect(admin.headers['cache-control']).toBe('no-cache');
    expect(admin.headers.etag).toBeUndefined();
  });
});
