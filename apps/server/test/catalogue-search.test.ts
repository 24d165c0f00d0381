import { describe, expect, it } from 'vitest';
import { products } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { BROAD_SEARCH, queryProducts } from '../src/modules/catalogue/queries';
import { planSearch } from '../src/modules/catalogue/search';
import { seedCatalogue, useTestApp } from './support';

describe('product search', () => {
  const t = useTestApp();
  const api = t.api();

  async function setup() {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    await addProducts(cat.electronics, sub.phones, [
      { name: 'Samsung Galaxy A15', description: 'Android phone with a big screen' },
      { name: 'Walton Primo', description: 'Budget phone, compare with Samsung' },
      { name: 'Symphony Z60', description: 'Long battery' },
    ]);
    await addProducts(cat.fashion, sub.shirts, [
      { name: 'Men Cotton T-Shirt', description: 'Soft and breathable' },
      { name: 'জামদানি শাড়ি', description: 'ঐতিহ্যবাহী হাতে বোনা শাড়ি' },
      { name: '100% Cotton Polo (Blue)', description: 'Half sleeve' },
    ]);
  }

  const search = async (text: string, extra: object = {}) => {
    const res = await api.post('product/get-all-products', { page: 1, limit: 20, search: text, ...extra });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return { names: body.data.map((p: { name: string }) => p.name) as string[], totalCount: body.totalCount as number };
  };

  it('answers a broad search (more matches than it ranks) with the whole-word name match first, then the newest of those it ranked', async () => {
    // The oldest product is the one named by the word whole; BROAD_SEARCH + 50 newer ones only begin with it.
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000);
    const row = (name: string, i: number) => ({ id: newId(), name, unit: '1 pc', price: 100, discount: 0, stock: 5, quantity: 5, images: [], createdAt: at(i) });
    const many = Array.from({ length: BROAD_SEARCH + 50 }, (_, i) => row(`Bag number ${i + 1}`, i + 1));
    for (let i = 0; i < many.length; i += 500) await t.database.db.insert(products).values(many.slice(i, i + 500));
    await t.database.db.insert(products).values(row('Ba Jute Mat', 0));

    // Ranked among BROAD_SEARCH + 1 of the matches and the name's whole-word match: that many in all.
    const first = await search('ba');
    expect(first.totalCount).toBe(BROAD_SEARCH + 2);
    expect(first.names[0]).toBe('Ba Jute Mat');
    const numbers = (names: string[]) => names.map((n) => Number(n.replace('Bag number ', '')));
    const rest = numbers(first.names.slice(1));
    expect(rest).toEqual([...rest].sort((x, y) => y - x));
    const pages = Math.ceil((BROAD_SEARCH + 2) / 20);
    const seen = new Set(first.names);
    for (let page = 2; page <= pages; page++) for (const name of (await search('ba', { page })).names) seen.add(name);
    expect(seen.size).toBe(BROAD_SEARCH + 2);
    expect((await search('ba', { page: pages + 1 })).names).toEqual([]);
    // A narrow search among the same products is ranked whole, as before.
    expect(await search('jute')).toEqual({ names: ['Ba Jute Mat'], totalCount: 1 });
    expect((await search('number 7')).names.slice(0, 3)).toEqual(expect.arrayContaining(['Bag number 7']));
    // A word most products hold beside one few hold (decision 0084: the index is asked for the rare one only).
    expect(await search('number 1050')).toEqual({ names: ['Bag number 1050'], totalCount: 1 });
    expect(await search('bag 105')).toEqual({ names: ['Bag number 105', 'Bag number 1050'], totalCount: 2 });
    // A chosen order (a listing's search) counts at most BROAD_SEARCH and sorts the newest of them.
    const sorted = await queryProducts(t.database.db, { search: 'ba', sort: 'price_asc', page: 1, limit: 20 });
    expect(sorted.totalCount).toBe(BROAD_SEARCH);
    expect(sorted.data[0]!.name).toBe(`Bag number ${BROAD_SEARCH + 50}`);
  });

  it('finds an exact name, in any case', async () => {
    await setup();
    expect((await search('Symphony Z60')).names).toEqual(['Symphony Z60']);
    expect((await search('SYMPHONY')).names).toEqual(['Symphony Z60']);
  });

  it('ranks a name match above a description match', async () => {
    await setup();
    expect((await search('samsung')).names).toEqual(['Samsung Galaxy A15', 'Walton Primo']);
  });

  it('matches prefixes while typing', async () => {
    await setup();
    expect((await search('sams')).names[0]).toBe('Samsung Galaxy A15');
    expect((await search('sam gal')).names).toEqual(['Samsung Galaxy A15']);
  });

  it('tolerates a typo in a word', async () => {
    await setup();
    expect((await search('samsnug')).names[0]).toBe('Samsung Galaxy A15');
    expect((await search('tshirt')).names).toContain('Men Cotton T-Shirt');
    expect((await search('t-shirt')).names).toEqual(['Men Cotton T-Shirt']);
    expect((await search('galaxi samsung')).names[0]).toBe('Samsung Galaxy A15');
  });

  it('works with Bengali text, whole words, prefixes and the description', async () => {
    await setup();
    expect((await search('জামদানি')).names).toEqual(['জামদানি শাড়ি']);
    expect((await search('জাম')).names).toEqual(['জামদানি শাড়ি']);
    expect((await search('হাতে বোনা')).names).toEqual(['জামদানি শাড়ি']);
    expect((await search('জামদানী')).names).toEqual(['জামদানি শাড়ি']); // a different vowel sign: a typo
  });

  it('treats SQL, tsquery, LIKE and regex metacharacters as plain text', async () => {
    await setup();
    for (const text of ["'", "' OR 1=1 --", '%', '_', '\\', '.*', '(', ':*', '!', '&|', '<->', "samsung' & !", 'a:* | b', '[[:alpha:]]', '%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%']) {
      const res = await api.post('product/get-all-products', { search: text });
      expect({ text, status: res.statusCode }).toEqual({ text, status: 200 });
    }
    // Only punctuation finds nothing rather than everything.
    expect(await search('%')).toEqual({ names: [], totalCount: 0 });
    expect(await search("' OR 1=1 --")).toEqual({ names: [], totalCount: 0 });
    // Words around the punctuation still count.
    expect((await search("samsung' & !")).names[0]).toBe('Samsung Galaxy A15');
    expect((await search('100% cotton')).names).toEqual(['100% Cotton Polo (Blue)']);
    expect((await search('polo (blue)')).names).toEqual(['100% Cotton Polo (Blue)']);
  });

  it('an empty or blank search lists everything, newest first', async () => {
    await setup();
    expect((await search('')).totalCount).toBe(6);
    expect((await search('   ')).names[0]).toBe('100% Cotton Polo (Blue)');
  });

  it('finds nothing for a word far from every name', async () => {
    await setup();
    expect(await search('refrigerator')).toEqual({ names: [], totalCount: 0 });
  });

  it('pages search results with totals', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    await addProducts(cat.electronics, sub.phones, Array.from({ length: 45 }, (_, i) => ({ name: `Samsung Model ${i}` })));
    await addProducts(cat.electronics, sub.phones, [{ name: 'Nokia 105' }]);
    const first = await api.post('product/get-all-products', { search: 'samsung', page: 3, limit: 20 });
    expect(first.json()).toMatchObject({ totalCount: 45, totalPages: 3 });
    expect(first.json().data).toHaveLength(5);
  });
});

describe('planSearch', () => {
  it('keeps only words, each as a prefix (or its Bangla), joined with AND', () => {
    expect(planSearch("Sam's  Galaxy!")).toMatchObject({ kind: 'match', prefixQuery: expect.stringMatching(/^\(sam:\* \| সাম:\*\) & \(s:\* \| স:\*\) & \(galaxy:\* \| গ\S+:\*\)$/) });
    const saree = 'শাড়ি'.normalize('NFC');
    expect(planSearch('শাড়ি')).toEqual({ kind: 'match', prefixQuery: `${saree}:*`, typedQuery: `${saree}:*`, wholeQuery: saree, words: [{ prefixes: [saree], synonyms: [] }] });
    expect(planSearch('মডেল ০১২')).toMatchObject({ kind: 'match', prefixQuery: 'মডেল:* & 012:*', wholeQuery: 'মডেল | 012' });
  });
  it('says all for blank input and none for punctuation only', () => {
    expect(planSearch('  ')).toEqual({ kind: 'all' });
    expect(planSearch("'%:*|&")).toEqual({ kind: 'none' });
  });
  it('widens each word by its synonyms, whole, in either direction', () => {
    const synonyms = new Map([
      ['shari', ['saree', 'শাড়ি']],
      ['saree', ['shari', 'শাড়ি']],
      ['শাড়ি', ['shari', 'saree']],
    ]);
    expect(planSearch('shari silk', synonyms)).toMatchObject({
      kind: 'match',
      prefixQuery: expect.stringMatching(/^\(shari:\* \| শ\S+:\* \| saree \| শাড়ি\) & \(silk:\* \| \S+:\*\)$/),
      wholeQuery: expect.stringMatching(/^shari \| \S+ \| saree \| শাড়ি \| silk \| \S+$/),
    });
    expect(planSearch('শাড়ি', synonyms)).toMatchObject({ prefixQuery: 'শাড়ি:* | shari | saree'.replace(/^(.*)$/, '($1)'), typedQuery: 'শাড়ি:*' });
  });
  it('bounds the work a long input can cause', () => {
    const plan = planSearch('word '.repeat(500) + 'x'.repeat(500));
    expect(plan.kind === 'match' && plan.words.length).toBe(8);
  });
});
