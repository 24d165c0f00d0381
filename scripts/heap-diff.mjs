// node scripts/heap-diff.mjs A.heapsnapshot B.heapsnapshot [--top N] — what B holds more than A, by what it is:
// self sizes summed per node type and constructor (V8's "Summary" view), and strings by their first characters, grown
// and shrunk (a rebuilt bundle's text starts differently, so it shows as one of each; decision 0125: the snapshots
// bench:memory --snapshots takes).
import { readFileSync } from 'node:fs';

const [fileA, fileB] = process.argv.slice(2).filter((a) => !a.startsWith('--') && !/^\d+$/.test(a));
const topAt = process.argv.indexOf('--top');
const TOP = topAt === -1 ? 25 : Number(process.argv[topAt + 1]);
if (!fileA || !fileB) {
  console.error('usage: node scripts/heap-diff.mjs A.heapsnapshot B.heapsnapshot [--top N]');
  process.exit(1);
}

/** Sums of self size per group: "type: constructor", strings as "string: <first 40 characters>". */
function summarise(file) {
  const snap = JSON.parse(readFileSync(file, 'utf8'));
  const { node_fields: fields, node_types: [types] } = snap.snapshot.meta;
  const [T, N, S] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const nf = fields.length;
  const { nodes, strings } = snap;
  const groups = new Map();
  const add = (key, size) => {
    const g = groups.get(key) ?? { size: 0, count: 0 };
    g.size += size;
    g.count += 1;
    groups.set(key, g);
  };
  let total = 0;
  for (let i = 0; i < nodes.length; i += nf) {
    const type = types[nodes[i + T]];
    const name = strings[nodes[i + N]];
    const size = nodes[i + S];
    total += size;
    if (type === 'string' || type === 'concatenated string' || type === 'sliced string') add(`string: ${JSON.stringify(name.slice(0, 40))}${name.length > 40 ? '…' : ''}`, size);
    else add(`${type}: ${name.slice(0, 60)}`, size);
  }
  return { total, groups };
}

const a = summarise(fileA);
const b = summarise(fileB);
const mb = (x) => `${(x / 1e6).toFixed(2)} MB`;
console.log(`A ${mb(a.total)}, B ${mb(b.total)}: B holds ${mb(b.total - a.total)} more`);
const keys = new Set([...a.groups.keys(), ...b.groups.keys()]);
const deltas = [...keys].map((k) => ({ k, d: (b.groups.get(k)?.size ?? 0) - (a.groups.get(k)?.size ?? 0), n: (b.groups.get(k)?.count ?? 0) - (a.groups.get(k)?.count ?? 0) }));
const strings = deltas.filter((r) => r.k.startsWith('string:'));
for (const [title, rows] of [
  ['most grown, by type and constructor', deltas.filter((r) => !r.k.startsWith('string:')).sort((x, y) => y.d - x.d)],
  ['most grown, strings', [...strings].sort((x, y) => y.d - x.d)],
  ['most shrunk, strings', [...strings].sort((x, y) => x.d - y.d)],
]) {
  console.log(`\n${title}:`);
  for (const r of rows.slice(0, TOP)) console.log(`  ${mb(r.d).padStart(10)}  ${String(r.n).padStart(7)}×  ${r.k}`);
}
