import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, subCategories } from '../src/db/schema';
import { adminToken, multipart, png, seedCatalogue, useTestApp } from './support';

/** Issue 14: categories and sub-categories have an optional Bangla name, like products (decision 0038). */
describe('Bangla category and sub-category names', () => {
  const t = useTestApp();
  const api = t.api();

  const listedCategory = async (id: string) => {
    const res = await api.get('category/get-category');
    expect(res.statusCode).toBe(200);
    return res.json().data.find((c: { _id: string }) => c._id === id);
  };
  const listedSubCategory = async (id: string) => {
    const res = await api.get('subcategory/get-subcategories');
    expect(res.statusCode).toBe(200);
    return res.json().data.find((s: { _id: string }) => s._id === id);
  };
  const stored = async (table: typeof categories | typeof subCategories, id: string) => {
    const [row] = await t.database.db.select().from(table).where(eq(table.id, id));
    return row!;
  };

  it('an admin adds a category and a sub-category with Bangla names; the lists and product refs carry them', async () => {
    const admin = await adminToken(t.database.db, t.config);
    // ড় typed as one code point (U+09DC) is stored NFC (ড + ়), as products' Bangla texts are.
    const watches = '\u0998\u09DC\u09BF';
    const addedCat = await api.as(admin).post('category/add-category', multipart({ name: 'Watches', name_bn: `  ${watches} `, image: await png(20, 20) }));
    expect(addedCat.statusCode).toBe(200);
    const cat = addedCat.json().data;
    expect(cat).toMatchObject({ name: 'Watches', name_bn: watches.normalize('NFC') });
    expect(cat.name_bn).not.toBe(watches);
    expect(await listedCategory(cat._id)).toEqual({ _id: cat._id, name: 'Watches', name_bn: 'ঘড়ি', image: cat.image });

    const addedSub = await api.as(admin).post('subcategory/add-subcategory', multipart({ name: 'Smart Watches', name_bn: 'স্মার্টওয়াচ', image: await png(20, 20), category: cat._id }));
    expect(addedSub.statusCode).toBe(200);
    const sub = addedSub.json().data;
    expect(sub).toMatchObject({ name: 'Smart Watches', name_bn: 'স্মার্টওয়াচ', category: [{ _id: cat._id, name: 'Watches', name_bn: 'ঘড়ি' }] });
    expect(await listedSubCategory(sub._id)).toEqual({
      _id: sub._id,
      name: 'Smart Watches',
      name_bn: 'স্মার্টওয়াচ',
      image: sub.image,
      category: [{ _id: cat._id, name: 'Watches', name_bn: 'ঘড়ি' }],
    });

    // A product's category and sub-category refs carry the Bangla names, in lists and on its page.
    const { addProducts } = await seedCatalogue(t.database.db);
    const [productId] = await addProducts(cat._id, sub._id, [{ name: 'Amazfit Band 7' }]);
    const refs = { category: [{ _id: cat._id, name: 'Watches', name_bn: 'ঘড়ি' }], subCategory: [{ _id: sub._id, name: 'Smart Watches', name_bn: 'স্মার্টওয়াচ' }] };
    const details = await api.get(`product/get-product-details?productId=${productId}`);
    expect(details.json().data).toMatchObject(refs);
    const listing = await api.get(`product/get-product-by-category-and-subcategory?categoryId=${cat._id}&subcategoryId=${sub._id}`);
    expect(listing.json().data).toEqual([expect.objectContaining(refs)]);
  });

  it('left out on add, the Bangla name is empty', async () => {
    const admin = await adminToken(t.database.db, t.config);
    const { cat } = await seedCatalogue(t.database.db);
    const addedCat = await api.as(admin).post('category/add-category', multipart({ name: 'Books', image: await png(20, 20) }));
    expect(addedCat.json().data.name_bn).toBe('');
    const addedSub = await api.as(admin).post('subcategory/add-subcategory', multipart({ name: 'Novels', image: await png(20, 20), category: cat.fashion }));
    expect(addedSub.json().data).toMatchObject({ name_bn: '', category: [{ _id: cat.fashion, name: 'Fashion and Lifestyle', name_bn: '' }] });
    expect((await stored(subCategories, addedSub.json().data._id)).nameBn).toBe('');
  });

  it('an edit without name_bn keeps it; sent as empty it clears it', async () => {
    const admin = await adminToken(t.database.db, t.config);
    const added = await api.as(admin).post('category/add-category', multipart({ name: 'Fashion', name_bn: 'ফ্যাশন', image: await png(20, 20) }));
    const cat = added.json().data;
    const addedSub = await api.as(admin).post('subcategory/add-subcategory', multipart({ name: "Men's Clothing", name_bn: 'ছেলেদের পোশাক', image: await png(20, 20), category: cat._id }));
    const sub = addedSub.json().data;

    // A client that predates name_bn renames: the Bangla names stay.
    const renamed = await api.as(admin).put('category/update-category', multipart({ categoryId: cat._id, name: 'Fashion and Lifestyle' }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toEqual({ _id: cat._id, name: 'Fashion and Lifestyle', name_bn: 'ফ্যাশন', image: cat.image });
    const renamedSub = await api.as(admin).put('subcategory/update-subcategories', multipart({ subcategoryId: sub._id, name: 'Menswear', category: cat._id }));
    expect(renamedSub.statusCode).toBe(200);
    expect(renamedSub.json().data).toMatchObject({ name: 'Menswear', name_bn: 'ছেলেদের পোশাক', category: [{ name: 'Fashion and Lifestyle', name_bn: 'ফ্যাশন' }] });
    expect(await listedCategory(cat._id)).toMatchObject({ name: 'Fashion and Lifestyle', name_bn: 'ফ্যাশন' });

    // Sent, it replaces the stored name; the lists (served from the read cache) follow.
    const replaced = await api.as(admin).put('category/update-category', multipart({ categoryId: cat._id, name: 'Fashion and Lifestyle', name_bn: 'ফ্যাশন ও লাইফস্টাইল' }));
    expect(replaced.json().data.name_bn).toBe('ফ্যাশন ও লাইফস্টাইল');
    expect(await listedCategory(cat._id)).toMatchObject({ name_bn: 'ফ্যাশন ও লাইফস্টাইল' });
    expect((await listedSubCategory(sub._id)).category).toEqual([{ _id: cat._id, name: 'Fashion and Lifestyle', name_bn: 'ফ্যাশন ও লাইফস্টাইল' }]);

    // Sent as '' (or blank), it clears.
    const cleared = await api.as(admin).put('category/update-category', multipart({ categoryId: cat._id, name: 'Fashion and Lifestyle', name_bn: '' }));
    expect(cleared.json().data.name_bn).toBe('');
    const clearedSub = await api.as(admin).put('subcategory/update-subcategories', multipart({ subcategoryId: sub._id, name: 'Menswear', name_bn: '  ', category: cat._id }));
    expect(clearedSub.json().data).toMatchObject({ name_bn: '', category: [{ _id: cat._id, name_bn: '' }] });
    expect((await stored(categories, cat._id)).nameBn).toBe('');
    expect((await stored(subCategories, sub._id)).nameBn).toBe('');
    expect(await listedSubCategory(sub._id)).toMatchObject({ name_bn: '' });
  });

  it('refuses a Bangla name over the category name limit with a clear 400 and changes nothing', async () => {
    const admin = await adminToken(t.database.db, t.config);
    const { cat, sub } = await seedCatalogue(t.database.db);
    const message = 'Bangla name must be at most 100 characters';
    const long = 'ক'.repeat(101);
    const before = async () => (await t.database.db.select({ n: count() }).from(categories))[0]!.n + (await t.database.db.select({ n: count() }).from(subCategories))[0]!.n;
    const rows = await before();

    const addCat = await api.as(admin).post('category/add-category', multipart({ name: 'Toys', name_bn: long, image: await png(20, 20) }));
    expect(addCat.statusCode).toBe(400);
    expect(addCat.json().message).toBe(message);
    const addSub = await api.as(admin).post('subcategory/add-subcategory', multipart({ name: 'Dolls', name_bn: long, image: await png(20, 20), category: cat.fashion }));
    expect(addSub.statusCode).toBe(400);
    expect(addSub.json().message).toBe(message);
    expect(await before()).toBe(rows);

    await api.as(admin).put('category/update-category', multipart({ categoryId: cat.fashion, name: 'Fashion and Lifestyle', name_bn: 'ফ্যাশন' }));
    const editCat = await api.as(admin).put('category/update-category', multipart({ categoryId: cat.fashion, name: 'Clothes', name_bn: long }));
    expect(editCat.statusCode).toBe(400);
    expect(editCat.json().message).toBe(message);
    expect(await stored(categories, cat.fashion)).toMatchObject({ name: 'Fashion and Lifestyle', nameBn: 'ফ্যাশন' });
    const editSub = await api.as(admin).put('subcategory/update-subcategories', multipart({ subcategoryId: sub.shirts, name: 'Tops', name_bn: long, category: cat.fashion }));
    expect(editSub.statusCode).toBe(400);
    expect(editSub.json().message).toBe(message);
    expect(await stored(subCategories, sub.shirts)).toMatchObject({ name: 'Shirts & Tops', nameBn: '' });

    // Exactly at the limit is accepted.
    const atLimit = await api.as(admin).put('category/update-category', multipart({ categoryId: cat.fashion, name: 'Fashion and Lifestyle', name_bn: 'ক'.repeat(100) }));
    expect(atLimit.statusCode).toBe(200);
  });
});
