import { describe, expect, it } from 'vitest';
import { registeredBundles, type LazyLocale, type LocaleBundle } from './index';

// Every feature's texts, loaded the way the app loads them (each locales.ts registers itself), and the order and role words
// (orderWords.ts and roleWords.ts register their own; once checked only when another file had loaded them first).
const files = import.meta.glob(['/src/**/locales.ts', '/src/**/*.locales.ts', '/src/i18n/orderWords.ts', '/src/i18n/roleWords.ts'], { eager: true });

/** A namespace's texts in both languages, whether registered at once or loaded per language (decision 0082). */
async function bothLanguages(bundle: LocaleBundle | LazyLocale): Promise<{ en: object; bn: object }> {
  if (typeof bundle.en !== 'function') return bundle as LocaleBundle;
  const lazy = bundle as LazyLocale;
  return { en: (await lazy.en()).default, bn: (await lazy.bn()).default };
}

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
    it(`'${ns}': every English text has a Bangla one and no Bangla text is left over`, async () => {
      const texts = await bothLanguages(bundle);
      const en = leaves(texts.en as Tree);
      const bn = leaves(texts.bn as Tree);
      const missing = [...en.keys()].filter((k) => !bn.get(k)?.trim());
      const extra = [...bn.keys()].filter((k) => !en.has(k));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      const empty = [...en].filter(([, v]) => !v.trim()).map(([k]) => k);
      expect(empty).toEqual([]);
    });
  }
});
