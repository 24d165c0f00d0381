import { describe, expect, it } from 'vitest';
import { registeredBundles, type LazyLocale, type LocaleBundle } from './index';

// Every feature's texts, as i18n.test.ts loads them.
const files = import.meta.glob(['/src/**/locales.ts', '/src/**/*.locales.ts', '/src/i18n/orderWords.ts'], { eager: true });

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));

/** Brands as their makers write them, the toggle's "English", and units. */
const ALLOWED = new Set(['Haat', 'bKash', 'Nagad', 'Rocket', 'Steadfast', 'Pathao', 'RedX', 'Paperfly', 'SSLCOMMERZ', 'English', 'MB']);
/** Texts whose Latin is their point: the synonyms page's example is the Banglish a shopper types. */
const LATIN_BY_DESIGN = new Set(['adminSynonyms:example']);

/**
 * Issue 42: no Bangla text of ours holds an English word (it had OTP, SMS, SKU, CSV, trxID, DIY…). Latin stays
 * only in brands, units, codes (anything with a digit: an order number, a voucher, a colour) and one-letter
 * names (the X and Y of "buy X get Y"). The e2e Bangla walk (e2e/bangla-walk.spec.ts) reads the pages themselves.
 */
describe('the Bangla texts', () => {
  it('say no English word', async () => {
    expect(Object.keys(files).length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const [ns, bundle] of registeredBundles) {
      const bn = typeof bundle.en === 'function' ? (await (bundle as LazyLocale).bn()).default : (bundle as LocaleBundle).bn;
      for (const [key, text] of leaves(bn as Tree)) {
        if (LATIN_BY_DESIGN.has(`${ns}:${key}`)) continue;
        const words = text.replace(/\{\{\w+\}\}/g, ' ').match(/[#A-Za-z0-9০-৯]+(?:[-_.][A-Za-z0-9০-৯]+)*/g) ?? [];
        const english = words.filter((w) => /[A-Za-z]/.test(w) && !ALLOWED.has(w) && !/[0-9০-৯]/.test(w) && !/^[A-Z]$/.test(w));
        if (english.length) found.push(`${ns}:${key}: ${english.join(', ')}`);
      }
    }
    expect(found).toEqual([]);
  });
});
