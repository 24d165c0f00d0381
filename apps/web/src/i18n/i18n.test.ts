import { describe, expect, it } from 'vitest';
import { registeredBundles } from './index';

// Every feature's texts, loaded the way the app loads them (each locales.ts registers itself).
const files = import.meta.glob(['/src/**/locales.ts', '/src/**/*.locales.ts'], { eager: true });

type Tree = { [key: string]: string | Tree };
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

describe('translations', () => {
  it('finds the locale files', () => {
    expect(Object.keys(files).length).toBeGreaterThan(0);
    expect(registeredBundles.size).toBeGreaterThanOrEqual(Object.keys(files).length);
  });

  for (const [ns, bundle] of registeredBundles) {
    it(`'${ns}': every English text has a Bangla one and no Bangla text is left over`, () => {
      const en = leaves(bundle.en as Tree);
      const bn = leaves(bundle.bn as Tree);
      const missing = [...en.keys()].filter((k) => !bn.get(k)?.trim());
      const extra = [...bn.keys()].filter((k) => !en.has(k));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      const empty = [...en].filter(([, v]) => !v.trim()).map(([k]) => k);
      expect(empty).toEqual([]);
    });
  }
});
