// Hostile CSV uploads against the import's caps (issue 18, decision 0047): one
// POST /api/product/import through the real app on in-memory PGlite, timed,
// with the process's peak RSS sampled every 5 ms.
//
//   node --import tsx scripts/bench-import-caps.mjs 157000 commas        dry run
//   node --import tsx scripts/bench-import-caps.mjs 157000 x apply
//
// Kinds: x (one value a line), comma (`,`), commas (`,,,,,,`, a spreadsheet's
// blank row), nul (one row with a NUL byte). Run one file per process, so the
// memory figure is this upload's.
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { testConfig, tmpDir } from '../apps/server/test/support/app.ts';
import { adminToken } from '../apps/server/test/support/factories.ts';
import { multipart } from '../apps/server/test/support/multipart.ts';

const lines = Number(process.argv[2] ?? 157000);
const kind = process.argv[3] ?? 'commas';
const dry = process.argv[4] !== 'apply';
const header = 'name,description,unit,price,stock,category,subCategory\n';
const line = { x: 'x\n', comma: ',\n', commas: ',,,,,,\n' }[kind];
const file = Buffer.from(header + (kind === 'nul' ? 'a\u0000b,d,u,1,1,c,s\n' : line.repeat(lines)));

const database = await openDatabase('memory://', tmpDir());
await database.migrate();
const config = testConfig();
const app = await buildApp({ config, database, webDist: path.join(tmpDir(), 'no-web') });
await app.ready();
const token = await adminToken(database.db, config);
const form = multipart({ file: { data: file, filename: 'products.csv', contentType: 'text/csv' } });

const before = process.memoryUsage().rss;
let peak = before;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const t0 = performance.now();
const res = await app.inject({ method: 'POST', url: `/api/product/import${dry ? '?dryRun=1' : ''}`, headers: { ...form.headers, authorization: `Bearer ${token}` }, payload: form.payload });
const ms = performance.now() - t0;
clearInterval(sample);
peak = Math.max(peak, process.memoryUsage().rss);
const body = res.json();
console.log(JSON.stringify({ kind, lines, bytes: file.length, dryRun: dry, status: res.statusCode, ms: Math.round(ms), memoryMB: Math.round((peak - before) / 1e6), message: body.message, errors: body.data?.errors?.length }));
await app.close();
process.exit(0);
