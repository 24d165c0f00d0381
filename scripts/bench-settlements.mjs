// Courier settlements at 10,000 parcels (issue 44, decision 0112):
//   npm run bench:settlements [-- --parcels 10000 --runs 10 --postgres]
// Seeds delivered and returned parcels (apps/server/src/seed/settlements.ts) into an in-memory PGlite (with
// --postgres, also a throwaway database on BENCH_PG_URL's server, default postgres://postgres@127.0.0.1:5432,
// dropped after), records a payout for nine in ten of them with short payments, overcharges, missing and foreign
// lines, then times the reconciliation (reads + the matcher) and the owner's whole overview. Prints p50/max and the
// machine's load, and writes bench/settlements-results.json.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { insertPayout } from '../apps/server/src/modules/settlements/queries.ts';
import { reconcile, settlementOverview } from '../apps/server/src/modules/settlements/service.ts';
import { seedSettlementParcels } from '../apps/server/src/seed/settlements.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const PARCELS = Number(arg('parcels', '10000'));
const RUNS = Number(arg('runs', '10'));
const server = (process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const round = (n) => Math.round(n * 10) / 10;

/** A payout line at the default rate card (80 / 130 taka, 1 %, returns 40 / 65), in paisa. */
function lineOf(p, extra = 0, short = 0) {
  const collected = p.kind === 'return' || !p.cod ? 0 : p.total * 100;
  const charge = (p.kind === 'return' ? (p.inside ? 40 : 65) : p.inside ? 80 : 130) * 100 + extra;
  const fee = p.kind === 'return' ? 0 : Math.round(collected / 100);
  return { consignmentId: p.consignmentId, invoice: p.orderNo, codCollectedPaisa: collected, deliveryChargePaisa: charge, codFeePaisa: fee, paidPaisa: collected - charge - fee - short };
}

async function measure(kind, url) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'haat-settle-bench-'));
  const database = await openDatabase(url, tmp);
  await database.migrate();
  const now = new Date();
  let started = performance.now();
  const parcels = await seedSettlementParcels(database.db, { count: PARCELS, now });
  // Nine in ten paid, in payouts of 500 per courier; one in a hundred paid short, one in a hundred overcharged.
  const paid = parcels.filter((_, i) => i % 10 !== 7);
  let injected = { short: 0, overcharged: 0, foreign: 0 };
  for (const provider of ['steadfast', 'pathao']) {
    const mine = paid.filter((p) => p.provider === provider);
    for (let i = 0; i < mine.length; i += 500) {
      const lines = mine.slice(i, i + 500).map((p, j) => {
        const n = i + j;
        if (n % 100 === 11 && p.kind === 'delivery') return (injected.short++, lineOf(p, 0, 5000));
        if (n % 100 === 23) return (injected.overcharged++, lineOf(p, 2000));
        return lineOf(p);
      });
      lines.push({ consignmentId: `X${provider}${i}`, invoice: '', codCollectedPaisa: 50000, deliveryChargePaisa: 8000, codFeePaisa: 500, paidPaisa: 41500 });
      injected.foreign++;
      await database.db.transaction((tx) => insertPayout(tx, { provider, reference: `${provider}-${i}`, source: 'api', paidAt: now, createdBy: null, lines }));
    }
  }
  const seedMs = performance.now() - started;
  const times = { reconcile: [], overview: [] };
  let last;
  for (let r = 0; r < RUNS + 1; r++) {
    started = performance.now();
    last = await reconcile(database.db, new Date());
    if (r > 0) times.reconcile.push(performance.now() - started); // the first is a warm-up
    started = performance.now();
    await settlementOverview(database.db, new Date());
    if (r > 0) times.overview.push(performance.now() - started);
  }
  await database.close().catch(() => {});
  const stats = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { p50Ms: round(sorted[Math.floor(sorted.length / 2)]), maxMs: round(sorted.at(-1)) };
  };
  const outcomes = Object.fromEntries(['paid', 'short', 'overcharged', 'unpaid', 'foreign'].map((o) => [o, last.filter((p) => p.outcome === o).length]));
  const result = { kind, parcels: PARCELS, seedMs: Math.round(seedMs), runs: RUNS, injected, outcomes, reconcile: stats(times.reconcile), overview: stats(times.overview) };
  console.log(`${kind}: ${PARCELS} parcels (seeded with payouts in ${result.seedMs} ms); reconcile p50 ${result.reconcile.p50Ms} ms (max ${result.reconcile.maxMs}); whole overview p50 ${result.overview.p50Ms} ms (max ${result.overview.maxMs}) over ${RUNS} runs`);
  console.log(`  outcomes ${JSON.stringify(outcomes)}; injected ${JSON.stringify(injected)}`);
  return result;
}

const results = [await measure('pglite', 'memory://')];
if (process.argv.includes('--postgres')) {
  const name = `haat_settle_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    results.push(await measure('postgres', `${server}/${name}`));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
const load = os.loadavg().map((n) => n.toFixed(2)).join(' ');
console.log(`load average (1/5/15 min): ${load} on ${os.cpus().length} cores`);
mkdirSync(path.join(root, 'bench'), { recursive: true });
writeFileSync(path.join(root, 'bench/settlements-results.json'), `${JSON.stringify({ at: new Date().toISOString(), load, cores: os.cpus().length, results }, null, 2)}\n`);
