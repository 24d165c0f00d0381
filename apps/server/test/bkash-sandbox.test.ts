import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTaka } from '@haat/shared/money';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { orders } from '../src/db/schema';
import { createApi, emptyDatabase, testConfig, testDatabase, tmpDir, dhakaGuest, makeProduct } from './support';

/**
 * Issue 12: the demo's own bKash sandbox. It starts in development without
 * bKash settings, speaks the protocol over real HTTP with an Approve / Cancel
 * page, and production never starts it.
 */
// PGlite takes seconds to start on a busy machine: in a hook, not in a test's time.
beforeAll(() => testDatabase(), 120_000);

describe('bKash settings', () => {
  const creds = { BKASH_BASE_URL: 'https://tokenized.sandbox.bka.sh/v1.2.0-beta/', BKASH_APP_KEY: 'k', BKASH_APP_SECRET: 's', BKASH_USERNAME: 'u', BKASH_PASSWORD: 'p' };
  const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://shop.example.com' };

  it('the demo (development, no settings) gets the sandbox; tests and production get none', () => {
    expect(loadConfig({}).bkash).toEqual({ mode: 'sandbox', publicUrl: undefined });
    expect(loadConfig({ NODE_ENV: 'test' }).bkash).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', BKASH_SANDBOX: '1' }).bkash?.mode).toBe('sandbox');
    expect(loadConfig({ BKASH_SANDBOX: '0' }).bkash).toBeNull();
    expect(loadConfig(prod).bkash).toBeNull();
  });

  it('follows the demo admin’s rule: never on PostgreSQL (NODE_ENV unset included) unless the demo or the sandbox is asked for', () => {
    const pg = { DATABASE_URL: 'postgres://haat:secret@db.internal:5432/haat', JWT_SECRET: 'x'.repeat(40) };
    const onPg = loadConfig(pg);
    expect([onPg.bkash, onPg.demoAdmin]).toEqual([null, null]);
    expect(loadConfig({ ...pg, NODE_ENV: 'development' }).bkash).toBeNull();
    // Asked for: the whole demo (SEED_DEMO=1, as the demo admin) or the sandbox alone.
    expect(loadConfig({ ...pg, SEED_DEMO: '1' }).bkash).toEqual({ mode: 'sandbox', publicUrl: undefined });
    expect(loadConfig({ ...pg, BKASH_SANDBOX: '1' }).bkash?.mode).toBe('sandbox');
    // The embedded demo keeps it; turning the demo off turns it off too.
    expect(loadConfig({ DATABASE_URL: 'memory://' }).bkash?.mode).toBe('sandbox');
    expect(loadConfig({ SEED_DEMO: '0' }).bkash).toBeNull();
    expect(loadConfig({ ...prod, ...pg, SEED_DEMO: '1' }).bkash).toBeNull();
  });

  it('refuses the sandbox in production, half the credentials, and credentials without PUBLIC_URL', () => {
    expect(() => loadConfig({ ...prod, BKASH_SANDBOX: '1' })).toThrow(/^Invalid configuration: BKASH_SANDBOX=1 is for the demo and not allowed in production$/);
    expect(() => loadConfig({ BKASH_APP_KEY: 'k' })).toThrow(/BKASH_BASE_URL, BKASH_APP_SECRET, BKASH_USERNAME, BKASH_PASSWORD must be set too/);
    expect(() => loadConfig(creds)).toThrow(/PUBLIC_URL must be set/);
    expect(() => loadConfig({ ...creds, PUBLIC_URL: 'https://shop.example.com', BKASH_SANDBOX: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...creds, BKASH_BASE_URL: 'ftp://x', PUBLIC_URL: 'https://shop.example.com' })).toThrow(/^Invalid configuration: BKASH_BASE_URL=/);
    const live = loadConfig({ ...prod, ...creds, PUBLIC_URL: 'https://shop.example.com/' });
    expect(live.bkash).toMatchObject({ mode: 'live', baseUrl: 'https://tokenized.sandbox.bka.sh/v1.2.0-beta', publicUrl: 'https://shop.example.com' });
    expect(live.BKASH_PAYMENT_TTL_MIN).toBe(30);
  });

  it('a production shop serves no sandbox and offers no bKash checkout', async () => {
    const database = await testDatabase();
    const app = await buildApp({ config: { ...testConfig(), ...loadConfig({ ...prod, DATABASE_URL: 'memory://', DATA_DIR: tmpDir(), LOG_LEVEL: 'silent' }) }, database, webDist: path.join(tmpDir(), 'no-web') });
    try {
      expect((await createApi(app).get('/bkash-sandbox/v1.2.0-beta/pay?paymentID=TR0011')).statusCode).toBe(404);
      expect((await createApi(app).post('/bkash-sandbox/v1.2.0-beta/tokenized/checkout/token/grant', {})).statusCode).toBe(404);
      expect(app.routeTable.some((r) => r.url.startsWith('/bkash-sandbox'))).toBe(false);
      expect((await createApi(app).get('/api/shop-info')).json().data.bkashCheckout).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('the demo’s bKash sandbox', () => {
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    const database = await testDatabase();
    await emptyDatabase(database);
    app = await buildApp({ config: testConfig({ NODE_ENV: 'development', SEED_DEMO: '1' }), database, webDist: path.join(tmpDir(), 'no-web') });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app?.close());

  it('takes a shopper from the order through its labelled Approve page to a paid order, over real HTTP', async () => {
    const db = (await testDatabase()).db;
    const product = await makeProduct(db, { price: 700, stock: 4 });
    const placed = await fetch(`${origin}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'bkash', mobile: '01770618575', list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest }),
    });
    expect(placed.status).toBe(201);
    const { bkashURL, _id, total_amount } = (await placed.json()).data;
    expect(total_amount).toBe(750);
    // The shopper stays on the shop's own origin.
    expect(bkashURL).toMatch(new RegExp(`^${origin}/bkash-sandbox/v1.2.0-beta/pay\\?paymentID=TR0011`));

    const page = await fetch(bkashURL);
    const html = await page.text();
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('<h1>bKash sandbox</h1>');
    expect(html).toContain('NO REAL MONEY');
    expect(html).toContain(formatTaka(750));
    expect(html).toMatch(/<button class="approve" type="submit">Approve<\/button>/);
    expect(html).toMatch(/<button class="cancel" type="submit">Cancel<\/button>/);

    const action = html.match(/action="([^"]+\/approve)"/)![1]!;
    const approved = await fetch(`${origin}${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    expect(approved.status).toBe(303);
    const callback = approved.headers.get('location')!;
    expect(callback).toMatch(new RegExp(`^${origin}/api/payment/bkash/callback\\?paymentID=TR0011\\w+&status=success$`));
    const back = await fetch(callback, { redirect: 'manual' });
    expect([back.status, back.headers.get('location')]).toEqual([302, '/order-success?text=Payment']);
    const [row] = await db.select().from(orders).where(eq(orders.id, _id));
    expect(row).toMatchObject({ paymentState: 'paid', paidAmount: 750 });
  });

  it('gives random payment ids: a neighbour’s page is not found, and a restarted shop places orders on the same database', async () => {
    const database = await testDatabase();
    const place = async (base: string) => {
      const product = await makeProduct(database.db, { price: 300, stock: 4 });
      const res = await fetch(`${base}/api/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'bkash', mobile: '01770618575', list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: dhakaGuest }),
      });
      return { status: res.status, paymentID: res.ok ? new URL((await res.json()).data.bkashURL).searchParams.get('paymentID')! : '' };
    };
    const first = await place(origin);
    const second = await place(origin);
    expect([first.status, second.status]).toEqual([201, 201]);
    for (const id of [first.paymentID, second.paymentID]) expect(id).toMatch(/^TR0011[0-9A-Z]{16}$/);
    // The page shows the buyer's wallet number and order id: an id one more than another's must lead nowhere.
    const neighbour = first.paymentID.replace(/.$/, (c) => (c === 'Z' ? '0' : String.fromCharCode(c === '9' ? 65 : c.charCodeAt(0) + 1)));
    expect((await fetch(`${origin}/bkash-sandbox/v1.2.0-beta/pay?paymentID=${neighbour}`)).status).toBe(404);

    // A restart: a new sandbox (its memory empty) on the same database.
    const restarted = await buildApp({ config: testConfig({ NODE_ENV: 'development', SEED_DEMO: '1' }), database, webDist: path.join(tmpDir(), 'no-web') });
    try {
      const after = await place(await restarted.listen({ port: 0, host: '127.0.0.1' }));
      expect(after.status).toBe(201);
      expect([first.paymentID, second.paymentID]).not.toContain(after.paymentID);
    } finally {
      await restarted.close();
    }
  });
});
