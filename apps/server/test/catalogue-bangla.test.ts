import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../src/db/schema';
import { adminToken, multipart, png, seedCatalogue, useTestApp } from './support';

/** Issue 14: Bangla product texts, and search in Bangla, Bengali digits and Banglish (decision 0038). */
describe('Bangla product texts and search', () => {
  const t = useTestApp();
  const api = t.api();

  const search = async (text: string) => {
    const res = await api.get(`product/get-all-products?${new URLSearchParams({ page: '1', limit: '20', search: text })}`);
    expect(res.statusCode).toBe(200);
    return (res.json().data as { name: string }[]).map((p) => p.name);
  };

  it('an admin adds and edits the Bangla name, description and Details, and reads them back', async () => {
    const admin = await adminToken(t.database.db, t.config);
    const { cat, sub } = await seedCatalogue(t.database.db);
    const fields = {
      name: 'Cotton Panjabi',
      description: 'Soft cotton for Eid',
      unit: '1 pc',
      stock: '5',
      price: '2500',
      category: cat.fashion,
      subCategory: sub.shirts,
      name_bn: ' সুতি পাঞ্জাবি ',
      description_bn: 'ঈদের জন্য নরম সুতি',
      product_details: '• Soft cotton\n• Hand wash',
      // Issue 42: the Details bullets in Bangla.
      product_details_bn: '• নরম সুতি\n• হাতে ধুয়ে নিন',
    };
    const added = await api.as(admin).post('product/add-product', multipart({ ...fields, image: await png(40, 40) }));
    expect(added.statusCode).toBe(200);
    const product = added.json().data;
    const bangla = { name_bn: 'সুতি পাঞ্জাবি', description_bn: 'ঈদের জন্য নরম সুতি', product_details: '• Soft cotton\n• Hand wash', product_details_bn: '• নরম সুতি\n• হাতে ধুয়ে নিন' };
    expect(product).toMatchObject({ name: 'Cotton Panjabi', ...bangla });
    const details = await api.get(`product/get-product-details?productId=${product._id}`);
    expect(details.json().data).toMatchObject(bangla);
    // The owner's list answers it too (the edit form loads from it).
    const listed = await api.as(admin).post('product/get-all-products', { page: 1, limit: 5, search: 'Cotton Panjabi' });
    expect(listed.json().data[0]).toMatchObject({ product_details_bn: bangla.product_details_bn });

    // An edit without the Bangla fields (an older client) keeps them.
    const { name_bn: _n, description_bn: _d, product_details_bn: _pd, ...english } = fields;
    const kept = await api.as(admin).put('product/edit-product', multipart({ ...english, productId: product._id, name: 'Cotton Panjabi (Blue)' }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ name: 'Cotton Panjabi (Blue)', name_bn: 'সুতি পাঞ্জাবি', product_details_bn: bangla.product_details_bn });

    // Sent, they replace the stored ones; '' clears one.
    const edited = await api.as(admin).put('product/edit-product', multipart({ ...fields, productId: product._id, name_bn: 'নীল পাঞ্জাবি', description_bn: '', product_details_bn: '• নীল সুতি' }));
    expect(edited.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product._id));
    expect({ nameBn: row!.nameBn, descriptionBn: row!.descriptionBn, productDetailsBn: row!.productDetailsBn }).toEqual({ nameBn: 'নীল পাঞ্জাবি', descriptionBn: '', productDetailsBn: '• নীল সুতি' });
    const cleared = await api.as(admin).put('product/edit-product', multipart({ ...fields, productId: product._id, name_bn: 'নীল পাঞ্জাবি', product_details_bn: '' }));
    expect(cleared.json().data).toMatchObject({ product_details_bn: '', product_details: '• Soft cotton\n• Hand wash' });
    expect(await search('নীল')).toEqual(['Cotton Panjabi']);

    // Too long: a clear 400, nothing changed.
    const tooLong = await api.as(admin).put('product/edit-product', multipart({ ...fields, productId: product._id, name_bn: 'ক'.repeat(1000) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/^Bangla name must be at most \d+ characters/);
    const [after] = await t.database.db.select().from(products).where(eq(products.id, product._id));
    expect(after!.nameBn).toBe('নীল পাঞ্জাবি');
  });

  it('finds products by their Bangla text, in Banglish and with Bengali or ASCII digits', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    await addProducts(cat.fashion, sub.shirts, [
      { name: 'Panjabi', name_bn: 'পাঞ্জাবি', description: 'Eid collection', description_bn: 'ঈদ সংগ্রহ মডেল ১২৩' },
      { name: 'Jamdani Saree', name_bn: 'জামদানি শাড়ি' },
      { name: 'Men Cotton T-Shirt', description: 'Soft and breathable, model 789' },
    ]);
    await addProducts(cat.electronics, sub.phones, [{ name: 'Samsung Galaxy A15' }]);

    expect(await search('পাঞ্জাবি')).toEqual(['Panjabi']);
    expect(await search('panjabi')).toEqual(['Panjabi']);
    // Banglish that is only in the Bangla name.
    expect(await search('jamdani')).toEqual(['Jamdani Saree']);
    // A Bangla description word (weight B) and its Bengali digits, typed either way.
    expect(await search('ঈদ')).toEqual(['Panjabi']);
    expect(await search('১২৩')).toEqual(['Panjabi']);
    expect(await search('123')).toEqual(['Panjabi']);
    expect(await search('৭৮৯')).toEqual(['Men Cotton T-Shirt']);
    // Mixed: each word as typed or in Bangla.
    expect(await search('panjabi eid')).toEqual(['Panjabi']);
    // Products without Bangla text are still found by English, typos included.
    expect(await search('samsung')).toEqual(['Samsung Galaxy A15']);
    expect(await search('samsnug')).toEqual(['Samsung Galaxy A15']);
    expect(await search('tshirt')).toEqual(['Men Cotton T-Shirt']);
  });

  it('tolerates a Banglish spelling that misses the Bangla name by a vowel sign', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    await addProducts(cat.fashion, sub.shirts, [{ name: 'Lungi', name_bn: 'পাঞ্জাবী' }]);
    // 'panjabi' → পাঞ্জাবি (short i); the name has ী: the typo fallback's Bangla words find it.
    expect(await search('panjabi')).toEqual(['Lungi']);
  });
});
