import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0054: modules depend one way (what an earlier module needs from a
 * later one comes through AppDeps), their doors only re-export, and no module
 * but order-status writes an order's status. Read from the source's imports,
 * so a new cycle fails here before it lands.
 */
const MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules');
const modules = readdirSync(MODULES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const sources = (name: string) =>
  readdirSync(path.join(MODULES, name), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ file: `${name}/${f}`, text: readFileSync(path.join(MODULES, name, f), 'utf8') }));

/** module → the other modules it imports (type imports too: a cycle of types is a cycle of meaning). */
const graph = new Map(
  modules.map((name) => [name, new Set(sources(name).flatMap(({ text }) => [...text.matchAll(/from '\.\.\/([\w-]+)\//g)].map((m) => m[1]!)).filter((m) => m !== name))]),
);

function cycles(): string[][] {
  const found: string[][] = [];
  const visit = (m: string, trail: string[]) => {
    const at = trail.indexOf(m);
    if (at >= 0) return void found.push([...trail.slice(at), m]);
    for (const next of graph.get(m) ?? []) visit(next, [...trail, m]);
  };
  for (const m of modules) visit(m, []);
  return found;
}

describe('the server modules’ dependencies', () => {
  it('run one way: no module reaches itself through others', () => {
    expect(cycles()).toEqual([]);
  });

  it('keep orders below payments, and courier and order-status below orders', () => {
    expect([...graph.get('orders')!]).not.toContain('payments');
    expect([...graph.get('courier')!]).not.toContain('orders');
    // order-status records a staff member's move in the audit log, a leaf (decision 0065).
    expect([...graph.get('order-status')!]).toEqual(['audit']);
  });

  it('keep the audit log a leaf every module may import: it imports no module', () => {
    expect([...graph.get('audit')!]).toEqual([]);
  });

  it('have doors that only re-export', () => {
    for (const name of modules) {
      const door = sources(name).find((s) => s.file === `${name}/index.ts`);
      if (!door) continue;
      const code = door.text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '').trim();
      const statements = code.split(/;\s*/).filter(Boolean);
      expect(statements.filter((s) => !/^export (type )?(\{[^}]*\}|\*) from '[^']+'$/.test(s.replace(/\s+/g, ' '))), door.file).toEqual([]);
    }
  });

  it('leave the orders tables to orders: courier reads orders through deps.courierOrders (decision 0058)', () => {
    const tables = sources('courier').filter(({ text }) => /import \{[^}]*\b(orders|orderItems|users)\b[^}]*\} from '\.\.\/\.\.\/db\/schema'/.test(text)).map((s) => s.file);
    expect(tables).toEqual([]);
  });

  it('write an order’s status only in order-status', () => {
    const writers = modules.flatMap((name) => sources(name).filter(({ text }) => /\.update\(orders\)/.test(text)).map((s) => s.file));
    // orders records the started payment on the order it is placing, inside the same transaction;
    // orders/owner.ts moves a joined phone account's orders to the person's account (owner only, decision 0061);
    // deadlines/service.ts fills inside_dhaka of orders placed before migration 0030, and nothing else (decision 0076).
    expect(writers.sort()).toEqual(['deadlines/service.ts', 'order-status/service.ts', 'orders/owner.ts', 'orders/service.ts']);
    expect(sources('deadlines').find((s) => s.file === 'deadlines/service.ts')!.text.match(/\.update\(orders\)\.set\(\{ insideDhaka: (true|false) \}\)/g)).toHaveLength(2);
    expect(sources('orders').find((s) => s.file === 'orders/service.ts')!.text.match(/\.update\(orders\)/g)).toHaveLength(1);
  });
});

/**
 * Decision 0053 (completed in 0058): one provider error type. Every provider
 * client under integrations/ throws ProviderError only; each kind's caller maps
 * it to its error codes in one place. A new error class there fails here.
 */
describe('the provider integrations', () => {
  const INTEGRATIONS = path.resolve(MODULES, '../integrations');
  const files = readdirSync(INTEGRATIONS, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));

  it('declare one error class, ProviderError, and nothing extends it', () => {
    expect(files.length).toBeGreaterThan(5);
    const classes = files.flatMap((f) =>
      [...readFileSync(path.join(INTEGRATIONS, f), 'utf8').matchAll(/\bclass\s+(\w+)\s+extends\s+([\w.]+)/g)].map((m) => `${f.replaceAll(path.sep, '/')}: ${m[1]} extends ${m[2]}`),
    );
    // Any class that extends anything is an error class in the making unless it is the one ProviderError.
    expect(classes).toEqual(['http.ts: ProviderError extends Error']);
  });
});
