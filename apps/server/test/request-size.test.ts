import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

  it('over a real connection, a 1 MB body is read and dropped so the client gets its 413 and keeps the connection; a larger one closes it', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const post = (bytes: number) =>
      new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
        const body = JSON.stringify({ email: `${'a'.repeat(bytes)}@example.com`, password: 'secret123' });
        const req = http.request({ agent, host: '127.0.0.1', port, method: 'POST', path: '/api/user/login', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: text }));
        });
        req.on('socket', (s) => sockets.add(s));
        req.on('error', reject);
        req.end(body);
      });
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await post(1_000_000);
        expect({ status: answer.status, message: JSON.parse(answer.body).message }).toEqual({ status: 413, message: BODY_TOO_LARGE });
        expect(answer.connection).not.toBe('close');
      }
      // The three on one connection, kept alive.
      expect(sockets.size).toBe(1);
      expect((await post(2_000_000).catch((err: NodeJS.ErrnoException) => ({ status: 0, connection: err.code, body: '' }))).connection).toMatch(/^(close|EPIPE|ECONNRESET)$/);
    } finally {
      agent.destroy();
    }
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
