import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BODY_TOO_LARGE } from '../src/app';
import { users } from '../src/db/schema';
import { makeUser, uniqueEmail, useTestApp } from './support';

/** Issue 18: every JSON body has a size cap; over it the answer is 413 with a message, before any work. */
describe('the JSON body cap', () => {
  const t = useTestApp();

  it('a body over 64 KB answers 413 with a message and stores nothing', async () => {
    const email = uniqueEmail();
    const res = await t.api().register(email, 'secret123', 'R'.repeat(70_000));
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 413, body: { success: false, error: true, code: 'BODY_TOO_LARGE', params: { kb: 64 }, message: BODY_TOO_LARGE, data: null } });
    expect(BODY_TOO_LARGE).toBe('The request is too large (at most 64 KB).');
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('a 1 MB e-mail at login answers 413, and the address can still sign in', async () => {
    const c = t.api();
    const { email } = await c.signUp();
    const huge = await c.login(`${'a'.repeat(1_000_000)}@example.com`, 'secret123');
    expect({ status: huge.statusCode, message: huge.json().message }).toEqual({ status: 413, message: BODY_TOO_LARGE });
    expect((await c.login(email)).statusCode).toBe(200);
  });

  it('the largest legitimate body, a bulk booking of 500 orders, is under the cap', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const orderIds = Array.from({ length: 500 }, (_, i) => `HT-20260101-${String(i).padStart(52, '0')}`);
    expect(JSON.stringify({ provider: 'sandbox', orderIds }).length).toBeGreaterThan(32 * 1024);
    const res = await t.api().as(admin).post('courier/book', { provider: 'sandbox', orderIds });
    // Read and answered by the route (the ids name no orders), not refused for its size.
    expect(res.statusCode).not.toBe(413);
    expect(res.statusCode).toBeLessThan(500);
  });
});
