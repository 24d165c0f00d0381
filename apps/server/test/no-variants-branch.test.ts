import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 43 item 5's "done when", made a check (decision 0111): every product has variants (a product without options
 * its default one), so no code outside the API's compatibility layer asks "has variants?" — `hasVariants`,
 * `hasOptions`, `options.length` or `variants.length` as a condition. Reads the server's, the web's and the shared
 * sources (tests left out); needs no database, so it runs once (server-pglite; server-postgres leaves it out).
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCES = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];

/** The compatibility layer, and the few files whose subject is options themselves: why each may ask. */
const ALLOWED: Record<string, string> = {
  'packages/shared/src/schemas/variants.ts': 'the shared rules of options and variants, and the compatibility questions every client asks (defaultVariantOf, pricedPerVariant)',
  'apps/server/src/modules/catalogue/variants.ts': "the API's compatibility layer: which variants each answer lists, the product row's summary, the form's field rule",
  'apps/web/src/features/admin-catalogue/components/VariantsEditor.tsx': 'the options editor itself: adding options and generating their combinations',
  'apps/server/src/seed/seed-variants.ts': 'the demo seed, choosing which of its products get options',
};

/** A line may say why it is no such branch (the rest of the line after the mark must give the reason). */
const EXEMPT = /variants-branch-ok: \S.{10,}/;

const BRANCHES: { name: string; re: RegExp }[] = [
  { name: 'hasVariants / hasOptions', re: /\bhas(Variants|Options)\b/ },
  // options.length or variants.length followed by a test: ?, &&, ||, a comparison with a number.
  { name: 'options/variants .length as a condition', re: /\b(options|variants)\??\.length\s*(\?(?![?.])|&&|\|\||[<>]=?\s*\d|[!=]==?\s*\d)/ },
  // !p.options?.length
  { name: 'negated options/variants .length', re: /!\s*[\w.?]*\b(options|variants)\??\.length\b/ },
  // if (p.options.length) … / .filter((p) => p.options.length)
  { name: 'options/variants .length as a whole test', re: /(\bif\s*\(|=>\s*)[\w.?]*\b(options|variants)\??\.length\s*\)/ },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function branchesIn(text: string): string[] {
  return text.split('\n').flatMap((line, i) => (EXEMPT.test(line) ? [] : BRANCHES.filter((b) => b.re.test(line)).map((b) => `${i + 1}: ${b.name}: ${line.trim()}`)));
}

describe('no "has variants?" branch outside the compatibility layer (issue 43 item 5)', () => {
  it('the patterns catch the branches they name, and not a sum or a slice', () => {
    for (const line of [
      'const hasVariants = existing.options.length > 0;',
      'if (p.options.length) yield* rows(p);',
      'const own = p.options.length ? list : [];',
      'if (!p.options?.length) return NO_VARIANTS;',
      '.filter((p) => p.options.length)',
      'if (variants.length === 0) return;',
      '{l.product.options?.length ? (',
      'kind === "return" || i.variants.length > 0',
    ])
      expect(branchesIn(line), line).not.toEqual([]);
    for (const line of ['values: OPTION_NUMBERS.slice(0, options.length)', "t('generated', { n: formatCount(variants.length) })", 'i.wanted_options.length > 0', 'o.values.length === 1'])
      expect(branchesIn(line), line).toEqual([]);
  });

  it('the sources hold none outside the listed files', () => {
    const files = SOURCES.flatMap(sourceFiles).map((f) => relative(root, join(root, f)));
    expect(files.length).toBeGreaterThan(200);
    for (const allowed of Object.keys(ALLOWED)) expect(files, allowed).toContain(allowed);
    const found = files.filter((f) => !(f in ALLOWED)).flatMap((f) => branchesIn(readFileSync(join(root, f), 'utf8')).map((b) => `${f}:${b}`));
    expect(found).toEqual([]);
  });
});
