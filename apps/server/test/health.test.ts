import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { isDatabaseUnavailable, openDatabase } from '../src/db/client';
import { newId } from '../src/lib/ids';
import { createApi, dhakaGuest, testConfig, testDatabase, tmpDir, useTestApp } from './support';

describe('GET /api/health', () => {
  const t = useTestApp();
  const api = t.api();

  it('reports the database as up', async () => {
    const res = await api.get('health');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.database.state).toBe('up');
    expect(['pglite', 'postgres']).toContain(body.data.database.kind);
  });

  it('answers unknown API routes with 404 and the envelope', async () => {
    const res = await api.get('nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: true, message: 'No such API route.' });
  });
});

describe('when the database cannot be reached', () => {
  it('API calls answer 503 with Retry-After and a message a person can act on; health says the database is unreachable', async () => {
    const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : 'memory://';
    const database = await openDatabase(url, tmpDir());
    const app = await buildApp({ config: testConfig(), database, webDist: path.join(tmpDir(), 'no-web') });
    try {
      await database.close();
      const api = createApi(app);
      const order = await api.post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: newId(), quantity: 1 }], guest_user_delivery_address: dhakaGuest });
      expect(order.statusCode).toBe(503);
      expect(order.headers['retry-after']).toBe('5');
      expect(order.json()).toMatchObject({ success: false, error: true, message: 'The shop is briefly unavailable. Please try again in a moment.' });
      const health = await api.get('health');
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ message: 'The database is unreachable.', data: { database: { state: 'down' } } });
    } finally {
      await app.close();
    }
  });

  it('tells an unreachable server from a bad query, even one quoting the same words', async () => {
    const refused = await openDatabase('postgres://postgres@127.0.0.1:1/none', tmpDir());
    const unreachable = await refused.ping().catch((e: unknown) => e);
    await refused.close();
    expect(isDatabaseUnavailable(unreachable)).toBe(true);

    const { db } = await testDatabase();
    const bad = await db.execute(sql`select ${'Connection terminated unexpectedly'}::int`).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(bad)).toBe(false);
  });
});
