// npm test: the whole gate, with what can run side by side running side by side
// (docs/decisions/0087), then a table of each stage's wall time.
//
//   1. lint (eslint, knip) and the type check; beside them, the web build (then the e2e suite's
//      pictures) and the quick benches (they check stock, errors and jobs, not speed, so a busy
//      core cannot fail them). Stop if lint or types fail.
//   2. vitest: every project (shared, web, server on PGlite and on PostgreSQL, the slow
//      suite) in one run, its workers shared among them; then wait for the build and benches.
//   3. the e2e suite (which uses the build of step 1), on its own: its waits are for a browser.
//
// Each stage's output is printed whole when it ends, so stages never interleave.
// HAAT_INSTALL_SECONDS (set by .ci/run) adds the install to the table.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCaptured } from './lib/shop.mjs';

const rows = [];
if (process.env.HAAT_INSTALL_SECONDS) rows.push({ name: 'install (npm ci)', seconds: Number(process.env.HAAT_INSTALL_SECONDS), ok: true });
const started = Date.now();

/** Runs one stage to its end; its output is kept and printed in one piece. */
async function stage(name, command, args, env = {}) {
  const t0 = Date.now();
  console.log(`▶ ${name} (started at +${Math.round((t0 - started) / 1000)} s)`);
  const { code, output } = await runCaptured(command, args, { env: { ...process.env, FORCE_COLOR: '1', ...env } });
  const seconds = (Date.now() - t0) / 1000;
  process.stdout.write(`
━━━━ ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s ━━━━
`);
  process.stdout.write(output);
  const row = { name, seconds, ok: code === 0 };
  rows.push(row);
  return row;
}

/** Several stages, in order, one after another (a chain runs beside other chains). */
async function chain(...stages) {
  const done = [];
  for (const s of stages) {
    const row = await s();
    done.push(row);
    if (!row.ok) break;
  }
  return done;
}

const npx = (name, ...args) => () => stage(name, 'npx', args);
const node = (name, ...args) => () => stage(name, process.execPath, args);

function table() {
  const total = (Date.now() - started) / 1000 + (Number(process.env.HAAT_INSTALL_SECONDS) || 0);
  const width = Math.max(...rows.map((r) => r.name.length), 10);
  console.log(`\nStage wall times (stages in one group ran side by side; the vitest projects share one run's workers):`);
  console.log(`${'stage'.padEnd(width)}  seconds  result`);
  for (const r of rows) console.log(`${r.name.padEnd(width)}  ${r.seconds.toFixed(0).padStart(7)}  ${r.ok ? 'ok' : 'FAILED'}`);
  console.log(`${'total'.padEnd(width)}  ${total.toFixed(0).padStart(7)}`);
}

function finish(ok) {
  table();
  process.exit(ok ? 0 : 1);
}

// The e2e suite's folder: its pictures are drawn in step 1, its shops made in step 3 (scripts/e2e.mjs).
process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(tmpdir(), 'haat-e2e-'));

// 1. The static checks, and beside them the build (then the e2e suite's pictures) and the benches.
const built = chain(node('web build', 'scripts/build-if-changed.mjs'), node('e2e pictures', 'scripts/e2e.mjs', '--prepare'));
const benched = chain(node('bench --quick', 'scripts/bench.mjs', '--quick'), node('bench:cluster --quick', '--import', 'tsx', 'scripts/bench-cluster.mjs', '--quick'));
const checked = (await Promise.all([chain(npx('lint: eslint', 'eslint', '.'), npx('lint: knip', 'knip')), chain(() => stage('typecheck', 'npm', ['run', 'typecheck']))])).flat();
if (checked.some((r) => !r.ok)) {
  await Promise.all([built, benched]);
  finish(false);
}

// 2. Every vitest project in one run, once lint and types pass (the build and benches may still be running);
// each project's span is written by scripts/vitest-spans.mjs.
const spans = path.join(mkdtempSync(path.join(tmpdir(), 'haat-vitest-')), 'spans.json');
const vitest = await stage('vitest (all projects)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=./scripts/vitest-spans.mjs'], { VITEST_SPANS_FILE: spans });
projectSpans(spans);
const before = (await Promise.all([built, benched])).flat();
if (!vitest.ok || before.some((r) => !r.ok)) finish(false);

// 3. The browser journeys.
const e2e = await stage('e2e (Playwright)', process.execPath, ['scripts/e2e.mjs']);
finish(e2e.ok);

/** A row per vitest project: its first file's start to its last file's end, and its files' summed time. */
function projectSpans(file) {
  let spans;
  try {
    spans = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return;
  }
  for (const [name, p] of Object.entries(spans)) {
    rows.push({ name: `  vitest ${name} (${p.files} files, ${(p.busy / 1000).toFixed(0)} s in files)`, seconds: (p.end - p.start) / 1000, ok: true });
  }
}
