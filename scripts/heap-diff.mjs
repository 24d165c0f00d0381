// node scripts/heap-diff.mjs A.heapsnapshot B.heapsnapshot [--top N] — what B holds more than A, by what it is:
// self sizes summed per node type and constructor (V8's "Summary" view), strings by their first characters, and
// compiled code and source text per script (decision 0125: the snapshots bench:memory --snapshots takes).
import { readFileSync } from 'node:fs';

const [fileA, fileB] = process.argv.slice(2).filter((a) => !a.startsWith('--') && !/^\d+$/.test(a));
const topAt = process.argv.indexOf('--top');
const TOP = topAt === -1 ? 25 : Number(process.argv[topAt + 1]);
if (!fileA || !fileB) {
  console.error('usage: node scripts/heap-diff.mjs A.heapsnapshot B.heapsnapshot [--top N]');
  process.exit(1);
}

/** Sums of self size per group: "type:constructor", strings as "string:<first 40 characters>", scripts by name. */
function summarise(file) {
  const snap = JSON.parse(readFileSync(file, 'utf8'));
  const { node_fields: fields, node_types: [types], edge_fields: edgeFields, edge_types: [edgeTypes] } = snap.snapshot.meta;
  const [T, N, S, E] = ['type', 'name', 'self_size', 'edge_count'].map((f) => fields.indexOf(f));
  const [ET, EN, ETO] = ['type', 'name_or_index', 'to_node'].map((f) => edgeFields.indexOf(f));
  const nf = fields.length;
  const ef = edgeFields.length;
  const { nodes, edges, strings } = snap;
  const groups = new Map();
  const add = (key, size) => {
    const g = groups.get(key) ?? { size: 0, count: 0 };
    g.size += size;
    g.count += 1;
    groups.set(key, g);
  };
  let total = 0;
  for (let i = 0, e = 0; i < nodes.length; i += nf) {
    const type = types[nodes[i + T]];
    const name = strings[nodes[i + N]];
    const size = nodes[i + S];
    total += size;
    if (type === 'string' || type === 'concatenated string' || type === 'sliced string') add(`string: ${JSON.stringify(name.slice(0, 40))}${name.length > 40 ? '…' : ''}`, size);
    else add(`${type}: ${name.slice(0, 60)}`, size);
    // A script's source and code: the "script" object's name is its URL; its "source" edge leads to the text.
    if (type === 'code' && name === 'system / Script') {
      let url = '';
      for (let k = 0; k < nodes[i + E]; k++) {
        const at = e + k * ef;
        if (edgeTypes[edges[at + ET]] === 'internal' && strings[edges[at + EN]] === 'name') url = strings[nodes[edges[at + ETO] + N]];
      }
      for (let k = 0; k < nodes[i + E]; k++) {
        const at = e + k * ef;
        if (edgeTypes[edges[at + ET]] === 'internal' && strings[edges[at + EN]] === 'source') add(`script source: ${url.replace(/^.*node_modules\//, 'node_modules/').replace(/^file:\/\/\/work\/[^/]+\//, '')}`, nodes[edges[at + ETO] + S]);
      }
    }
    e += nodes[i + E] * ef;
  }
  return { total, groups };
}

const a = summarise(fileA);
const b = summarise(fileB);
const mb = (x) => `${(x / 1e6).toFixed(2)} MB`;
console.log(`A ${mb(a.total)}, B ${mb(b.total)}: B holds ${mb(b.total - a.total)} more`);
const keys = new Set([...a.groups.keys(), ...b.groups.keys()]);
const deltas = [...keys].map((k) => ({ k, d: (b.groups.get(k)?.size ?? 0) - (a.groups.get(k)?.size ?? 0), n: (b.groups.get(k)?.count ?? 0) - (a.groups.get(k)?.count ?? 0) }));
for (const [title, rows] of [
  ['by type and constructor', deltas.filter((r) => !r.k.startsWith('string:') && !r.k.startsWith('script source:'))],
  ['strings', deltas.filter((r) => r.k.startsWith('string:'))],
  ['script sources', deltas.filter((r) => r.k.startsWith('script source:'))],
]) {
  console.log(`\nmost grown, ${title}:`);
  for (const r of rows.sort((x, y) => y.d - x.d).slice(0, TOP)) console.log(`  ${mb(r.d).padStart(10)}  ${String(r.n).padStart(7)}×  ${r.k}`);
}
