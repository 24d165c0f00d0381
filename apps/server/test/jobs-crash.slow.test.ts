import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { exitWithin, readyUrl, runMain, type ChildServer } from './child-server';
import { findPostgresBin, startPrivatePostgres, type PrivatePostgres } from './private-postgres';
import { codRuleOff, makeProduct, tmpDir } from './support';

/**
 * Jobs that survive a crash (issue 24, decision 0073): the real server, in a
 * child process on a throwaway PostgreSQL, takes orders (each queues its SMS),
 * password-reset requests (each queues a mail) and a staff invitation by
 * mobile (an SMS) with its worker off (JOBS_WORKER=0), and is killed with
 * SIGKILL: nothing ran, nothing is lost. Started again with its worker on, it
 * sends every one of them, each exactly once, into the outbox.
 */
const found = findPostgresBin();
const skip = 'missing' in found ? found.missing : null;
if (skip) console.warn(`job crash suite skipped: ${skip}`);

const JWT_SECRET = 'jobs-crash-suite-secret-'.padEnd(48, 'x');
const ADMIN = { email: 'owner@crash.test', password: 'owner-password-1' };
const rowsOf = <T = unknown>(result: unknown) => (result as { rows: T[] }).rows;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 60_000) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > ms) throw new Error(`gave up after ${ms / 1000} s waiting for ${what}`);
    await sleep(100);
  }
}

async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api/${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, string> } };
}

describe.skipIf(skip !== null)('durable jobs across a crash', () => {
  let pg: PrivatePostgres | undefined;
  let database: Database | undefined;
  let child: ChildServer | undefined;
  const dataDir = tmpDir();

  beforeAll(async () => {
    pg = await startPrivatePostgres((found as { bin: string }).bin);
    await pg.psql('CREATE DATABASE crash');
  });
  afterAll(async () => {
    if (child) await exitWithin(child, 0);
    await database?.close();
    await pg?.destroy();
  });

  const start = (worker: '0' | '1') =>
    runMain({ PORT: '0', DATABASE_URL: pg!.url('crash'), JWT_SECRET, DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMITS: 'off', JOBS_WORKER: worker, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, BKASH_SANDBOX: '0' });

  const outbox = (ext: string) => {
    try {
      return readdirSync(path.join(dataDir, 'outbox')).filter((f) => f.endsWith(ext)).map((f) => readFileSync(path.join(dataDir, 'outbox', f), 'utf8'));
    } catch {
      return [];
    }
  };

  it('work queued before a SIGKILL is all done, once each, after the restart', async () => {
    child = start('0');
    const base = await readyUrl(child);
    database = await openDatabase(pg!.url('crash'), tmpDir());
    await codRuleOff(database.db);
    const product = await makeProduct(database.db, { name: 'Crash Rice', stock: 100, price: 120 });

    const orders: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(base, 'POST', 'order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: { address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile: `0171000000${i}` } });
      expect(res.status).toBe(201);
      orders.push(res.body.data.orderId!);
    }
    const emails = Array.from({ length: 4 }, (_, i) => `shopper${i}@crash.test`);
    for (const email of emails) {
      expect((await call(base, 'POST', 'user/register', { name: 'Shopper', email, password: 'Password-123', confirmPassword: 'Password-123' })).status).toBe(201);
      expect((await call(base, 'PUT', 'user/forgot-password', { email })).status).toBe(200);
    }
    const login = await call(base, 'POST', 'user/login', ADMIN);
    expect(login.status).toBe(200);
    expect((await call(base, 'POST', 'staff/invite', { name: 'Salma Packer', mobile: '01911111111', role: 'PACKER' }, login.body.data.access_token)).status).toBe(201);

    // Queued in pg-boss, not run: the worker is off in this process (the periodic courier poll and overdue notice are cron schedules too).
    const queued = await database.db.execute<{ name: string; n: number }>(sql`SELECT split_part(name, '/', 2) AS name, count(*)::int AS n FROM pgboss.job WHERE state = 'created' GROUP BY 1 ORDER BY 1`);
    expect(rowsOf(queued)).toEqual([
      // The periodic kinds' first runs, sent as the server began to listen.
      { name: 'courier.poll', n: 1 },
      { name: 'deadlines.overdue-notice', n: 1 },
      { name: 'mail.password-reset', n: 4 },
      { name: 'recovery.sweep', n: 1 },
      { name: 'sms.order', n: 6 },
      { name: 'sms.staff-invite', n: 1 },
      { name: 'stock-alerts.queue', n: 1 },
    ]);
    const schedules = await database.db.execute<{ name: string }>(sql`SELECT split_part(name, '/', 2) AS name FROM pgboss.schedule ORDER BY 1`);
    expect(rowsOf(schedules)).toEqual([{ name: 'courier.poll' }, { name: 'deadlines.overdue-notice' }, { name: 'recovery.sweep' }, { name: 'stock-alerts.queue' }]);
    expect(outbox('.sms.json')).toHaveLength(0);
    expect(outbox('.eml')).toHaveLength(0);

    child.child.kill('SIGKILL');
    expect(await exitWithin(child, 10_000)).toBeNull();

    child = start('1');
    await readyUrl(child);
    await waitFor('every job done', async () => {
      const left = await database!.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE state <> 'completed' AND split_part(name, '/', 2) NOT IN ('courier.poll', 'deadlines.overdue-notice', 'recovery.sweep', 'stock-alerts.queue')`);
      return rowsOf<{ n: number }>(left)[0]!.n === 0 && outbox('.sms.json').length >= 7 && outbox('.eml').length >= 4;
    });
    // A moment more: nothing is sent twice.
    await sleep(1500);
    const sms = outbox('.sms.json').map((f) => JSON.parse(f) as { to: string; text: string });
    expect(sms).toHaveLength(7);
    for (const code of orders) expect(sms.filter((m) => m.text.includes(code))).toHaveLength(1);
    expect(sms.filter((m) => m.to === '8801911111111')).toHaveLength(1);
    const mails = outbox('.eml');
    expect(mails).toHaveLength(4);
    for (const email of emails) expect(mails.filter((m) => m.includes(`To: ${email}`))).toHaveLength(1);
    const failed = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'failed'`);
    expect(rowsOf<{ n: number }>(failed)[0]!.n).toBe(0);
  });
});
