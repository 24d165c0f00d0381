import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, products, subCategories } from '../src/db/schema';
import { adminToken, makeUser, multipart, pixelBombPng, png, seedCatalogue, useTestApp } from './support';

describe('catalogue writes', () => {
  const t = useTestApp();

  const api = t.api();

  const uploadedFiles = (dir: string) => {
    const folder = path.join(t.config.DATA_DIR, 'uploads', dir);
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  const productCount = async () => (await t.database.db.select({ n: count() }).from(products))[0]!.n;

  it('every write needs an ADMIN: 401 without a token, 403 for a USER', async () => {
    const user = (await makeUser(t.database.db, t.config)).token;
    const writes: ['POST' | 'PUT' | 'DELETE', string][] = [
      ['POST', 'category/add-category'],
      ['PUT', 'category/update-category'],
      ['DELETE', 'category/delete-category'],
      ['POST', 'subcategory/add-subcategory'],
      ['PUT', 'subcategory/update-subcategories'],
      ['DELETE', 'subcategory/delete-subcategories'],
      ['POST', 'product/add-product'],
      ['PUT', 'product/edit-product'],
      ['DELETE', 'product/delete-product'],
    ];
    for (const [method, url] of writes) {
      const payload = method === 'DELETE' ? { categoryId: 'x1' } : multipart({ name: 'Sneaky' });
      const anon = await api.send(method, url, payload);
      expect({ url, status: anon.statusCode }).toEqual({ url, status: 401 });
      const asUser = await api.as(user).send(method, url, payload);
      expect({ url, status: asUser.statusCode, message: asUser.json().message }).toEqual({ url, status: 403, message: 'Only an admin can do that.' });
    }
    expect(await productCount()).toBe(0);
    expect((await t.database.db.select({ n: count() }).from(categories))[0]!.n).toBe(0);
  });

  it('category: add with an image stored as WebP widths, edit keeps the image, 409 while products use it', async () => {
    const admin = await adminToken(t.database.db, t.config);
    const missing = await api.as(admin).post('category/add-category', multipart({ name: 'Toys' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please fill all required fields');

    const added = await api.as(admin).post('category/add-category', multipart({ name: 'Toys', image: await png() }));
    expect(added.statusCode).toBe(200);
    const cat = added.json().data;
    expect(cat.image).toMatch(/^\/uploads\/categories\/[0-9a-f]+\.webp$/);
    const name = path.basename(cat.image, '.webp');
    expect(uploadedFiles('categories').sort()).toEqual([`${name}.w200.webp`, `${name}.w400.webp`, `${name}.webp`].sort());
    const served = await api.get(cat.image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');

    const renamed = await api.as(admin).put('category/update-category', multipart({ categoryId: cat._id, name: 'Toys & Games' }));
    expect(renamed.json().data).toEqual({ _id: cat._id, name: 'Toys & Games', name_bn: '', image: cat.image });

    const { sub, addProducts } = await seedCatalogue(t.database.db);
    await addProducts(cat._id, sub.phones, [{ name: 'Lego' }, { name: 'Puzzle' }]);
    const refused = await api.as(admin).delete('category/delete-category', { categoryId: cat._id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This category is used by 2 products. Move or delete them first.');
    expect(await t.database.db.select().from(categories).where(eq(categories.id, cat._id))).toHaveLength(1);

    const unused = await api.as(admin).post('category/add-category', multipart({ name: 'Empty', image: await png(10, 10) }));
    const gone = await api.as(admin).delete('category/delete-category', { categoryId: unused.json().data._id });
    expect(gone.statusCode).toBe(200);
    expect(await t.database.db.select().from(categories).where(eq(categories.id, unused.json().data._id))).toHaveLength(0);
    expect((await api.as(admin).delete('category/delete-category', { categoryId: 'nope1' })).statusCode).toBe(404);
    expect((await api.as(admin).delete('category/delete-category', { categoryId: 'no pe' })).statusCode).toBe(400);
  });

  it('sub-category: add needs name, image and a category; edit keeps the image; 409 while products use it', async () => {
    const admin = await adminToken(t.database.db, t.config);
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    const noCategory = await api.as(admin).post('subcategory/add-subcategory', multipart({ name: 'Laptops', image: await png() }));
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().message).toBe('Please fill all required fields');
    const unknownCategory = await api.as(admin).post('subcategory/add-subcategory', multipart({ name: 'Laptops', image: await png(), category: 'zzz9' }));
    expect(unknownCategory.statusCode).toBe(400);

    const added = await api.as(admin).post('subcategory/add-subcategory', multipart({ name: 'Laptops', image: await png(), category: [cat.electronics, cat.fashion] }));
    expect(added.statusCode).toBe(200);
    const created = added.json().data;
    // Spec §3 reads the image as a list and by its first element: a one-item list.
    expect(created.image).toEqual([expect.stringMatching(/^\/uploads\/subcategories\/[0-9a-f]+\.webp$/)]);
    const listed = (await api.get('subcategory/get-subcategories')).json().data.find((s: { _id: string }) => s._id === created._id);
    expect(listed.image).toEqual(created.image);
    expect(created.category.map((c: { _id: string }) => c._id).sort()).toEqual([cat.electronics, cat.fashion].sort());

    const edited = await api.as(admin).put('subcategory/update-subcategories', multipart({ subcategoryId: created._id, name: 'Notebooks', category: JSON.stringify([cat.electronics]) }));
    expect(edited.json().data).toEqual({
      _id: created._id,
      name: 'Notebooks',
      name_bn: '',
      image: created.image,
      category: [{ _id: cat.electronics, name: 'Electronics and Gadgets', name_bn: '' }],
    });
    const noCats = await api.as(admin).put('subcategory/update-subcategories', multipart({ subcategoryId: created._id, name: 'Notebooks' }));
    expect(noCats.json().message).toBe('Please fill all required fields');

    await addProducts(cat.electronics, sub.tv, [{ name: 'TV' }]);
    const refused = await api.as(admin).delete('subcategory/delete-subcategories', { subcategoryId: sub.tv });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This sub-category is used by 1 product. Move or delete them first.');
    expect((await api.as(admin).delete('subcategory/delete-subcategories', { subcategoryId: created._id })).statusCode).toBe(200);
    expect(await t.database.db.select().from(subCategories).where(eq(subCategories.id, created._id))).toHaveLength(0);
    // A category still holding sub-categories is refused too.
    const catRefused = await api.as(admin).delete('category/delete-category', { categoryId: cat.fashion });
    expect(catRefused.statusCode).toBe(409);
    expect(catRefused.json().message).toBe('This category is used by 1 sub-category. Move or delete them first.');
  });

  it('product: the §5 rules with their message, add, edit keeping images, delete', async () => {
    const admin = await adminToken(t.database.db, t.config);
    const { cat, sub } = await seedCatalogue(t.database.db);
    const [img1, img2] = [await png(60, 40), await png(50, 50, { r: 0, g: 100, b: 0 })];
    const full = {
      name: 'Samsung Galaxy A15',
      description: 'A good phone',
      product_details: '6.5 inch screen',
      unit: '1 pc',
      stock: '12',
      price: '18999',
      discount: '10',
      category: cat.electronics,
      subCategory: sub.phones,
      more_details: JSON.stringify({ Brand: 'Samsung', Warranty: '1 year' }),
      publish: 'true',
    };
    const without = (key: string) => Object.fromEntries(Object.entries(full).filter(([k]) => k !== key));
    for (const key of ['name', 'description', 'unit', 'stock', 'price', 'category', 'subCategory']) {
      const res = await api.as(admin).post('product/add-product', multipart({ ...without(key), image: img1 }));
      expect({ key, status: res.statusCode, message: res.json().message }).toEqual({ key, status: 400, message: 'All Fields are required' });
    }
    const noImage = await api.as(admin).post('product/add-product', multipart(full));
    expect(noImage.json().message).toBe('All Fields are required');
    const zeroStock = await api.as(admin).post('product/add-product', multipart({ ...full, stock: '0', image: img1 }));
    expect(zeroStock.json().message).toBe('All Fields are required');
    const blankDetail = await api.as(admin).post('product/add-product', multipart({ ...full, more_details: '{" ":"x"}', image: img1 }));
    expect(blankDetail.json().message).toBe('A field name cannot be blank');
    expect(await productCount()).toBe(0);
    const before = uploadedFiles('products');

    const added = await api.as(admin).post('product/add-product', multipart({ ...full, image: [img1, img2] }));
    expect(added.statusCode).toBe(200);
    const product = added.json().data;
    expect(product).toMatchObject({
      name: 'Samsung Galaxy A15',
      price: 18999,
      discount: 10,
      stock: 12,
      quantity: 10,
      publish: true,
      more_details: { Brand: 'Samsung', Warranty: '1 year' },
      category: [{ _id: cat.electronics, name: 'Electronics and Gadgets' }],
      subCategory: [{ _id: sub.phones, name: 'Mobile Phones' }],
    });
    expect(product.image).toHaveLength(2);
    expect(uploadedFiles('products')).toHaveLength(before.length + 6);

    // Edit without images keeps them; stock may be 0 on edit.
    const edited = await api.as(admin).put('product/edit-product', multipart({ ...full, productId: product._id, stock: '0', expectedStock: '12', name: 'Samsung Galaxy A15 (2025)' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Samsung Galaxy A15 (2025)', stock: 0, image: product.image });
    // Naming one kept image and sending a new file replaces the other.
    const img3 = await png(30, 30, { r: 0, g: 0, b: 255 });
    const swapped = await api.as(admin).put('product/edit-product', multipart({ ...full, productId: product._id, stock: '0', image: [product.image[1], img3] }));
    const images = swapped.json().data.image;
    expect(images).toHaveLength(2);
    expect(images[0]).toBe(product.image[1]);
    expect(images[1]).not.toBe(product.image[0]);
    const missingName = await api.as(admin).put('product/edit-product', multipart({ ...without('name'), productId: product._id }));
    expect(missingName.json().message).toBe('All Fields are required');
    expect((await api.as(admin).put('product/edit-product', multipart({ ...full, productId: 'abc999' }))).statusCode).toBe(404);

    const details = await api.post('product/get-product-details', { productId: product._id });
    expect(details.json().data.name).toBe('Samsung Galaxy A15');

    expect((await api.as(admin).delete('product/delete-product', { productId: product._id })).statusCode).toBe(200);
    expect(await productCount()).toBe(0);
    expect((await api.as(admin).delete('product/delete-product', { productId: product._id })).statusCode).toBe(404);
  });

  it('edit: stock is written only while it still holds what the form loaded, so ordered units never come back', async () => {
    const admin = await adminToken(t.database.db, t.config);
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    const [id] = await addProducts(cat.electronics, sub.phones, [{ name: 'Kettle', price: 1000, stock: 5 }]);
    const stock = async () => (await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id!)))[0]!.stock;
    const row = async () => (await t.database.db.select().from(products).where(eq(products.id, id!)))[0]!;
    const kettle = { productId: id!, name: 'Kettle', description: 'd', unit: '1 pc', price: '1000', category: cat.electronics, subCategory: sub.phones };

    // The admin opens the product (stock 5); a guest then orders all 5.
    const guest = await api.post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: id, quantity: 5 }], guest_user_delivery_address: { address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile: '01712345678' } });
    expect(guest.statusCode).toBe(201);
    expect(await stock()).toBe(0);

    // The admin saves a price change with the stock the form loaded: 409, nothing changes.
    const stale = await api.as(admin).put('product/edit-product', multipart({ ...kettle, price: '1200', stock: '5', expectedStock: '5' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ success: false, message: 'The stock changed since you opened this product (now 0). Please reload and try again.' });
    expect(await stock()).toBe(0);
    expect((await row()).price).toBe(1000);

    // Without expectedStock a stock change is refused; the current stock sent back is no change and passes.
    const blind = await api.as(admin).put('product/edit-product', multipart({ ...kettle, price: '1200', stock: '5' }));
    expect(blind.statusCode).toBe(400);
    expect(blind.json().message).toBe('To change the stock, also send expectedStock: the stock you loaded (now 0).');
    expect(await stock()).toBe(0);
    expect((await row()).price).toBe(1000);
    const priceOnly = await api.as(admin).put('product/edit-product', multipart({ ...kettle, price: '1100', stock: '0' }));
    expect(priceOnly.statusCode).toBe(200);
    expect(await row()).toMatchObject({ price: 1100, stock: 0 });

    // After a reload (stock 0) the restock goes through.
    const restock = await api.as(admin).put('product/edit-product', multipart({ ...kettle, price: '1200', stock: '8', expectedStock: '0' }));
    expect(restock.statusCode).toBe(200);
    expect(restock.json().data).toMatchObject({ price: 1200, stock: 8 });
    expect(await row()).toMatchObject({ price: 1200, stock: 8 });

    const nonsense = await api.as(admin).put('product/edit-product', multipart({ ...kettle, stock: '8', expectedStock: 'lots' }));
    expect(nonsense.statusCode).toBe(400);
    expect(await stock()).toBe(8);
  });

  describe('upload rejections store nothing', () => {
    const productForm = async (cat: string, sub: string, image: Buffer | Buffer[]) =>
      multipart({ name: 'X', description: 'd', unit: '1', stock: '1', price: '10', category: cat, subCategory: sub, image });

    it('a text file or a truncated PNG gets 415', async () => {
      const admin = await adminToken(t.database.db, t.config);
      const { cat, sub } = await seedCatalogue(t.database.db);
      // The data folder lives as long as the file's app: compare with what was there.
      const before = { products: uploadedFiles('products'), categories: uploadedFiles('categories') };
      const good = await png(300, 200);
      const text = Buffer.from('just some text pretending to be a picture\n'.repeat(50));
      const truncated = good.subarray(0, Math.floor(good.length / 2));
      for (const [label, bad] of [['text', text], ['truncated', truncated]] as const) {
        // The good image is first: it must not be stored either.
        const res = await api.as(admin).post('product/add-product', await productForm(cat.electronics, sub.phones, [good, bad]));
        expect({ label, status: res.statusCode }).toEqual({ label, status: 415 });
        expect(res.json().message).toMatch(/not an image|damaged or incomplete/);
      }
      const catRes = await api.as(admin).post('category/add-category', multipart({ name: 'Bad', image: text }));
      expect(catRes.statusCode).toBe(415);
      expect(await productCount()).toBe(0);
      expect(uploadedFiles('products')).toEqual(before.products);
      expect(uploadedFiles('categories')).toEqual(before.categories);
    });

    it('a file over 5 MB, more than 10 files or a pixel bomb gets 413', async () => {
      const admin = await adminToken(t.database.db, t.config);
      const { cat, sub } = await seedCatalogue(t.database.db);
      const before = uploadedFiles('products');
      const oversized = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const big = await api.as(admin).post('product/add-product', await productForm(cat.electronics, sub.phones, oversized));
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe('Each file must be at most 5 MB.');

      const small = await png(8, 8);
      const many = await api.as(admin).post('product/add-product', await productForm(cat.electronics, sub.phones, Array(11).fill(small)));
      expect(many.statusCode).toBe(413);

      const bomb = await api.as(admin).post('product/add-product', await productForm(cat.electronics, sub.phones, pixelBombPng()));
      expect(bomb.statusCode).toBe(413);
      expect(bomb.json().message).toMatch(/too many pixels/);
      expect(await productCount()).toBe(0);
      expect(uploadedFiles('products')).toEqual(before);
    });
  });
});
