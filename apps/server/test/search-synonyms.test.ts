import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SYNONYM_MESSAGES } from '@haat/shared/schemas/search-synonyms';
import { makeUser, seedCatalogue, useTestApp } from './support';

/** Issue 19 (decision 0049): whole words first, typos only for words nothing holds, and the owner's synonyms. */
describe('search relevance and synonyms', () => {
  const t = useTestApp();
  const shopper = t.api();

  const names = async (search: string) => {
    const res = await shopper.get('product/get-all-products', { query: { search, page: '1', limit: '20' } });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { name: string }[]).map((p) => p.name);
  };
  const owner = async () => t.api().as(await makeUser(t.database.db, t.config, 'ADMIN'));

  it('ranks a product whose name holds the word whole above one where it only begins a word', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    // Attar is newer: without whole-word ranking it came first.
    await addProducts(cat.fashion, sub.shirts, [{ name: 'Teer Atta (আটা) 2 kg' }, { name: 'Fogg Attar Musk' }]);
    expect(await names('atta')).toEqual(['Teer Atta (আটা) 2 kg', 'Fogg Attar Musk']);
    expect(await names('att')).toEqual(['Fogg Attar Musk', 'Teer Atta (আটা) 2 kg']);
  });

  it('replaces only the word no product holds by its close words', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    await addProducts(cat.electronics, sub.phones, [{ name: 'Samsung Galaxy A15' }, { name: 'Samsun Galaxy Case' }]);
    // 'samsung' is a real match: its near miss "Samsun" must not come in with the typo of "galaxi".
    expect(await names('samsung galaxi')).toEqual(['Samsung Galaxy A15']);
    expect(await names('samsnug')).toContain('Samsung Galaxy A15');
  });

  it('lets the owner save synonym groups, kept as search reads words', async () => {
    const admin = await owner();
    const empty = await admin.get('search/synonyms');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual({ groups: [] });

    const res = await admin.put('search/synonyms', { groups: [[' Saree', 'SHARI', 'sari', 'শাড়ি', 'saree'], ['atta', 'আটা']] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Search synonyms saved.');
    const groups = [['saree', 'shari', 'sari', 'শাড়ি'.normalize('NFC')], ['atta', 'আটা']];
    expect(res.json().data).toEqual({ groups });
    expect((await admin.get('search/synonyms')).json().data).toEqual({ groups });
    const stored = (await t.database.db.execute(sql`select words from search_synonyms order by position`)) as unknown as { rows: { words: string[] }[] };
    expect(stored.rows.map((r) => r.words)).toEqual(groups);

    // Saving again replaces the list.
    await admin.put('search/synonyms', { groups: [['tv', 'television']] });
    expect((await admin.get('search/synonyms')).json().data).toEqual({ groups: [['tv', 'television']] });
  });

  it('refuses groups search could not use, naming the problem', async () => {
    const admin = await owner();
    const refused = async (groups: unknown) => {
      const res = await admin.put('search/synonyms', { groups });
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await refused([['saree']])).toBe(SYNONYM_MESSAGES.twoWords);
    expect(await refused([['saree', 'SAREE']])).toBe(SYNONYM_MESSAGES.twoWords);
    expect(await refused([['washing powder', 'detergent']])).toBe(SYNONYM_MESSAGES.oneWord);
    expect(await refused([['t-shirt', 'tee']])).toBe(SYNONYM_MESSAGES.oneWord);
    expect(await refused([['saree', 'sari'], ['sari', 'shari']])).toBe(SYNONYM_MESSAGES.oneGroup);
    expect((await admin.get('search/synonyms')).json().data).toEqual({ groups: [] });
  });

  it('finds products by a synonym in either language, and a save drops cached search answers', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    await addProducts(cat.fashion, sub.shirts, [{ name: 'Tangail Tant Saree' }, { name: 'জামদানি শাড়ি' }, { name: 'Sharif Water Tank 1000 L' }]);
    // Before: 'shari' only begins "Sharif"; the answer is now cached.
    expect(await names('shari')).toEqual(['Sharif Water Tank 1000 L']);
    expect(await names('শাড়ি')).toEqual(['জামদানি শাড়ি']);

    const res = await (await owner()).put('search/synonyms', { groups: [['saree', 'sari', 'shari', 'শাড়ি']] });
    expect(res.statusCode).toBe(200);
    // The very next read answers with the synonyms: whole-word matches (the sarees) above the prefix one.
    const shari = await names('shari');
    expect(shari.slice(0, 2).sort()).toEqual(['Tangail Tant Saree', 'জামদানি শাড়ি']);
    expect(shari[2]).toBe('Sharif Water Tank 1000 L');
    expect((await names('শাড়ি')).sort()).toEqual(['Tangail Tant Saree', 'জামদানি শাড়ি']);
    expect((await names('saree')).sort()).toEqual(['Tangail Tant Saree', 'জামদানি শাড়ি']);
  });

  it('gives a typo of a synonym the products of its group', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    await addProducts(cat.electronics, sub.tv, [{ name: 'Walton 43" Smart TV' }]);
    expect(await names('televison')).toEqual([]);
    await (await owner()).put('search/synonyms', { groups: [['tv', 'television', 'টিভি']] });
    expect(await names('televison')).toEqual(['Walton 43" Smart TV']);
    expect(await names('টিভি')).toEqual(['Walton 43" Smart TV']);
  });
});
