// The owner's dashboard at 100,000 orders (issue 14, decision 0041):
//   npm run bench:dashboard [-- --orders 100000 --runs 30 --days 30 --no-pglite --explain]
// Creates a throwaway PostgreSQL database on 127.0.0.1:5432 (BENCH_PG_URL names
// the server, default postgres://postgres@127.0.0.1:5432), seeds it with
// apps/server/src/seed/orders.ts, times GET /api/dashboard/summary as an admin
// (the whole route: guard, six queries, reply) and drops the database. Then the
// same on an in-memory PGlite unless --no-pglite. Prints p50/p95 and the machine
// load, and writes bench/dashboard-results.json.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { refreshSessions, users } from '../apps/server/src/db/schema.ts';
import { signAccessToken } from '../apps/server/src/lib/auth.ts';
import { dashboardQueries, periodOf } from '../apps/server/src/modules/dashboard/service.ts';
import { seedOrders } from '../apps/server/src/seed/orders.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const ORDERS = Number(arg('orders', '100000'));
const RUNS = Number(arg('runs', '30'));
const DAYS = arg('days', '30');
const server = (process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n) => Math.round(n * 10) / 10;

async function measure(kind, url) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'haat-dash-bench-'));
  const database = await openDatabase(url, tmp);
  await database.migrate();
  let started = performance.now();
  await seedOrders(database.db, { orders: ORDERS });
  const seedMs = performance.now() - started;
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: '0', DATABASE_URL: url, DATA_DIR: tmp, LOG_LEVEL: 'silent', RATE_LIMITS: 'off', JWT_SECRET: randomBytes(32).toString('hex') });
  const app = await buildApp({ config, database, webDist: path.join(tmp, 'no-web') });
  await app.ready();
  await database.db.insert(users).values({ id: 'benchadmin', name: 'Bench admin', email: 'bench-admin@haat.test', passwordHash: 'x', role: 'ADMIN' });
  // The guard wants a live session behind the token, as login makes one.
  await database.db.insert(refreshSessions).values({ id: 'benchsession', userId: 'benchadmin', tokenHash: 'bench', expiresAt: new Date(Date.now() + 3600_000) });
  const token = await signAccessToken(config, 'benchadmin', 'benchsession');
  const call = async () => {
    const res = await app.inject({ method: 'GET', url: `/api/dashboard/summary?days=${DAYS}`, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${kind}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const first = await call(); // warm-up: plans and caches, as on a running shop
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  if (process.argv.includes('--explain')) {
    // Each figure's plan and time on its own (decision 0041 quotes them).
    for (const [figure, query] of Object.entries(dashboardQueries(periodOf(Number(DAYS), new Date())))) {
      const plan = await database.db.execute(sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`);
      console.log(`\n-- ${kind} ${figure}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  }
  const counted = await database.db.execute(sql`select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as lines`);
  await app.close();
  await database.close().catch(() => {});
  const { orders, lines } = counted.rows[0];
  const result = { kind, orders, lines, days: Number(DAYS), runs: RUNS, seedMs: Math.round(seedMs), p50Ms: round(pct(times, 50)), p95Ms: round(pct(times, 95)), maxMs: round(times.at(-1)), salesInPeriod: first.sales };
  console.log(`${kind}: ${orders} orders, ${lines} lines (seeded in ${result.seedMs} ms); days=${DAYS}: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, max ${result.maxMs} ms over ${RUNS} calls`);
  return result;
}

const results = [];
const name = `haat_dash_bench_${process.pid}`;
const admin = new pg.Client({ connectionString: `${server}/postgres` });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
try {
  results.push(await measure('postgres', `${server}/${name}`));
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
if (!process.argv.includes('--no-pglite')) results.push(await measure('pglite', 'memory://'));

const load = os.loadavg().map((n) => n.toFixed(2)).join(' ');
console.log(`load average (1/5/15 min): ${load} on ${os.cpus().length} cores`);
mkdirSync(path.join(root, 'bench'), { recursive: true });
writeFileSync(path.join(root, 'bench/dashboard-results.json'), `${JSON.stringify({ at: new Date().toISOString(), load, cores: os.cpus().length, results }, null, 2)}\n`);
