import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { adminToken, multipart, png, seedCatalogue, useTestApp } from './support';

/**
 * The listing counts kept by the link tables' triggers (migration 0046, decision 0103) stay exactly the counts of
 * the published products, however the catalogue changes: adds, moves, publish and unpublish, deletes, CSV imports.
 */
describe('listing counts kept by triggers', () => {
  const t = useTestApp();
  const api = t.api();

  type Counts = Record<string, number>;
  const rowsOf = (res: unknown) => (res as { rows: { c: string; s: string; n: number }[] }).rows;
  const asCounts = (rows: { c: string; s: string; n: number }[]): Counts =>
    Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [`${r.c}/${r.s}`, Number(r.n)]));
  /** What the triggers keep. */
  const kept = async () => asCounts(rowsOf(await t.database.db.execute(sql`select category_id as c, sub_category_id as s, n from listing_counts`)));
  /** The same counts, counted from the products themselves. */
  const counted = async () =>
    asCounts(
      rowsOf(
        await t.database.db.execute(sql`
          select c.category_id as c, '' as s, count(*)::int as n from products p join product_categories c on c.product_id = p.id where p.publish group by 1
          union all
          select '', s.sub_category_id, count(*)::int from products p join product_sub_categories s on s.product_id = p.id where p.publish group by 2
          union all
          select c.category_id, s.sub_category_id, count(*)::int from products p
            join product_categories c on c.product_id = p.id join product_sub_categories s on s.product_id = p.id where p.publish group by 1, 2`),
      ),
    );
  const expectExact = async (step: string) => {
    const truth = await counted();
    expect({ step, counts: await kept() }).toEqual({ step, counts: truth });
    return truth;
  };

  it('stay exact after adds, moves, publish and unpublish, deletes and a CSV import', async () => {
    const admin = await adminToken(t.database.db, t.config);
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    // Each with a description: the CSV import below asks for one.
    await addProducts(cat.electronics, sub.phones, [{ name: 'Phone A' }, { name: 'Phone B' }, { name: 'Phone C', publish: false }].map((p) => ({ ...p, description: 'x' })));
    const [shirt] = await addProducts(cat.fashion, sub.shirts, [{ name: 'Shirt A', description: 'x' }, { name: 'Shirt B', description: 'x' }]);
    expect(await expectExact('seeded')).toMatchObject({ [`${cat.electronics}/`]: 2, [`/${sub.phones}`]: 2, [`${cat.electronics}/${sub.phones}`]: 2 });

    // Added by the owner in two categories and two sub-categories: a phone sold under fashion too (a stray pair).
    const form = { name: 'Phone case', description: 'Case', unit: '1 pc', stock: '5', price: '300', discount: '0', more_details: '{}', publish: 'true' };
    const added = await api
      .as(admin)
      .post('product/add-product', multipart({ ...form, category: [cat.electronics, cat.fashion], subCategory: [sub.phones, sub.shirts], image: await png() }));
    expect(added.statusCode, added.body).toBe(200);
    const caseId = added.json().data._id as string;
    expect(await expectExact('added')).toMatchObject({ [`${cat.fashion}/${sub.phones}`]: 1, [`/${sub.phones}`]: 3 });
    // The listing answers with the kept counts: fashion's phones are the case alone.
    const strays = await api.post('product/get-product-by-category-and-subcategory', { categoryId: cat.fashion, subcategoryId: sub.phones });
    expect(strays.json()).toMatchObject({ totalCount: 1, data: [{ _id: caseId }] });

    // Moved: out of fashion and shirts, into televisions.
    const edit = (fields: object) => api.as(admin).put('product/edit-product', multipart({ ...form, productId: caseId, ...fields }));
    expect((await edit({ category: [cat.electronics], subCategory: [sub.tv, sub.phones] })).statusCode).toBe(200);
    expect(await expectExact('moved')).toMatchObject({ [`${cat.electronics}/${sub.tv}`]: 1 });
    // Unpublished, then published again.
    expect((await edit({ category: [cat.electronics], subCategory: [sub.tv, sub.phones], publish: 'false' })).statusCode).toBe(200);
    expect((await expectExact('unpublished'))[`${cat.electronics}/${sub.tv}`]).toBeUndefined();
    expect((await edit({ category: [cat.electronics], subCategory: [sub.tv], publish: 'true' })).statusCode).toBe(200);
    await expectExact('published again');

    // Deleted: its links go with it (the cascade), and so do their counts.
    expect((await api.as(admin).delete('product/delete-product', { productId: caseId })).statusCode).toBe(200);
    expect((await expectExact('deleted'))[`${cat.electronics}/${sub.tv}`]).toBeUndefined();

    // A CSV import: a product moved and unpublished, another added in two sub-categories.
    const exported = parse((await api.as(admin).get('product/export.csv')).rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    const row = exported.find((r) => r.id === shirt)!;
    row.category = 'Electronics and Gadgets';
    row.subCategory = 'Televisions';
    const unpublished = exported.find((r) => r.name === 'Phone A')!;
    unpublished.publish = 'false';
    const newRow = { ...row, id: '', image: '', name: 'TV stand', category: 'Electronics and Gadgets|Fashion and Lifestyle', subCategory: 'Televisions|Shirts & Tops', publish: 'true' };
    const csv = Buffer.from(stringify([...exported, newRow], { header: true, bom: true }));
    const imported = await api
      .as(admin)
      .post('product/import', multipart({ file: { data: csv, filename: 'products.csv', contentType: 'text/csv' } }));
    expect(imported.json().data, imported.body).toMatchObject({ created: 1, errors: [], applied: true });
    expect(await expectExact('imported')).toMatchObject({ [`${cat.fashion}/${sub.tv}`]: 1, [`${cat.electronics}/${sub.tv}`]: 2 });
  });
});
