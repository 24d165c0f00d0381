import { describe, expect, it } from 'vitest';
import { seedCatalogue, useTestApp } from './support';

describe('catalogue reads', () => {
  const t = useTestApp();
  const api = t.api();

  it('lists categories and sub-categories with their category objects', async () => {
    const { cat, sub } = await seedCatalogue(t.database.db);
    const cats = await api.get('category/get-category');
    expect(cats.statusCode).toBe(200);
    expect(cats.json()).toMatchObject({ success: true, totalCount: 2, totalPages: 1 });
    expect(cats.json().data).toEqual([
      { _id: cat.electronics, name: 'Electronics and Gadgets', name_bn: '', image: '/uploads/c/e.webp' },
      { _id: cat.fashion, name: 'Fashion and Lifestyle', name_bn: '', image: '/uploads/c/f.webp' },
    ]);
    const subs = await api.get('subcategory/get-subcategories');
    expect(subs.json().totalCount).toBe(3);
    expect(subs.json().data[2]).toEqual({
      _id: sub.shirts,
      name: 'Shirts & Tops',
      name_bn: '',
      image: ['/uploads/s/s.webp'], // spec §3: a one-item list (issue 10 item 5)
      category: [{ _id: cat.fashion, name: 'Fashion and Lifestyle', name_bn: '' }],
    });
  });

  it('answers the home fetch (no body) newest first with the §3 product fields', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    await addProducts(cat.electronics, sub.phones, [{ name: 'Older Phone' }, { name: 'Newer Phone', price: 1000, discount: 15 }]);
    await addProducts(cat.fashion, sub.shirts, [{ name: 'Hidden', publish: false }]);
    const res = await api.post('product/get-all-products');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, error: false, totalCount: 2, totalPages: 1 });
    expect(body.data.map((p: { name: string }) => p.name)).toEqual(['Newer Phone', 'Older Phone']);
    const p = body.data[0];
    expect(Object.keys(p).sort()).toEqual(
      ['_id', 'category', 'createdAt', 'description', 'description_bn', 'discount', 'image', 'more_details', 'name', 'name_bn', 'price', 'price_varies', 'product_details', 'product_details_bn', 'publish', 'quantity', 'stock', 'subCategory', 'unit'].sort(),
    );
    expect(p).toMatchObject({
      price: 1000,
      discount: 15,
      image: ['/uploads/products/x.webp'],
      category: [{ _id: cat.electronics, name: 'Electronics and Gadgets' }],
      subCategory: [{ _id: sub.phones, name: 'Mobile Phones' }],
      publish: true,
    });
  });

  it('pages with honest totals and caps limit at 100', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    await addProducts(cat.electronics, sub.phones, Array.from({ length: 125 }, (_, i) => ({ name: `Phone ${i}` })));
    const page = async (payload: object) => (await api.post('product/get-all-products', payload)).json();
    const first = await page({ page: 1, limit: 20 });
    expect(first).toMatchObject({ totalCount: 125, totalPages: 7 });
    expect(first.data).toHaveLength(20);
    const last = await page({ page: 7, limit: 20 });
    expect(last.data).toHaveLength(5);
    const beyond = await page({ page: 9, limit: 20 });
    expect(beyond).toMatchObject({ data: [], totalCount: 125, totalPages: 7 });
    const big = await page({ page: 1, limit: 500 });
    expect(big.data).toHaveLength(100);
    expect(big.totalPages).toBe(2);
    // Paging never repeats or skips a product.
    const seen = new Set<string>();
    for (let n = 1; n <= 7; n++) for (const p of (await page({ page: n, limit: 20 })).data) seen.add(p._id);
    expect(seen.size).toBe(125);
    // Nonsense paging values fall back to the defaults rather than failing.
    expect((await page({ page: 'x', limit: -3 })).data).toHaveLength(20);
  });

  it('get-product-by-id answers the products of a category', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    await addProducts(cat.electronics, sub.tv, [{ name: 'Walton TV' }]);
    await addProducts(cat.fashion, sub.shirts, [{ name: 'Cotton T-Shirt' }]);
    const res = await api.post('product/get-product-by-id', { categoryId: cat.fashion });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalCount: 1, totalPages: 1 });
    expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(['Cotton T-Shirt']);
  });

  it('listing filters by category and sub-category, searches and sorts', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    await addProducts(cat.electronics, sub.phones, [
      { name: 'Phone A', price: 1000, discount: 0 }, // 1000
      { name: 'Phone B', price: 1200, discount: 25 }, // 900
      { name: 'Phone C', price: 950, discount: 5 }, // 902
    ]);
    await addProducts(cat.electronics, sub.tv, [{ name: 'TV D', price: 10 }]);
    const list = async (extra: object) => {
      const res = await api.post('product/get-product-by-category-and-subcategory', { categoryId: cat.electronics, subcategoryId: sub.phones, ...extra });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const names = (b: { data: { name: string }[] }) => b.data.map((p) => p.name);
    expect(names(await list({ page: 1, limit: 10, searchTerm: '' }))).toEqual(['Phone C', 'Phone B', 'Phone A']);
    expect(names(await list({ sortby: 'price_asc' }))).toEqual(['Phone B', 'Phone C', 'Phone A']);
    expect(names(await list({ sortby: 'price_desc' }))).toEqual(['Phone A', 'Phone C', 'Phone B']);
    expect(names(await list({ sortby: 'discount' }))).toEqual(['Phone B', 'Phone C', 'Phone A']);
    expect(names(await list({ searchTerm: 'phone b' }))).toEqual(['Phone B']);
    const paged = await list({ page: 2, limit: 2 });
    expect(paged).toMatchObject({ totalCount: 3, totalPages: 2 });
    expect(paged.data).toHaveLength(1);
  });

  it('product details answer the §3 fields by POST and by GET', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    const [id] = await addProducts(cat.electronics, sub.phones, [{ name: 'Samsung Galaxy A15', description: 'A phone' }]);
    const res = await api.post('product/get-product-details', { productId: id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: id, name: 'Samsung Galaxy A15', description: 'A phone', unit: '1 pc', stock: 10, quantity: 10, more_details: {} });
    const viaGet = await api.get(`product/get-product-details?productId=${id}`);
    expect(viaGet.json().data._id).toBe(id);
  });

  it('answers 400 or 404 with a message for malformed or unknown ids, never 500', async () => {
    const { cat } = await seedCatalogue(t.database.db);
    const cases: [string, object, number, string][] = [
      ['product/get-product-details', { productId: 'no-such' }, 400, 'Invalid product id.'],
      ['product/get-product-details', { productId: "1' or '1'='1" }, 400, 'Invalid product id.'],
      ['product/get-product-details', { productId: 'abc123' }, 404, 'Product not found.'],
      ['product/get-product-details', {}, 400, 'Provide a productId.'],
      ['product/get-product-details', { productId: { $ne: 1 } }, 400, 'Provide a productId.'],
      ['product/get-product-by-id', { categoryId: 'zzz999' }, 404, 'Category not found.'],
      ['product/get-product-by-id', { categoryId: '../etc' }, 400, 'Invalid category id.'],
      ['product/get-product-by-category-and-subcategory', { categoryId: cat.electronics, subcategoryId: 'nope9' }, 404, 'Sub-category not found.'],
      ['product/get-product-by-category-and-subcategory', { categoryId: cat.electronics, subcategoryId: 'a-b' }, 400, 'Invalid sub-category id.'],
    ];
    for (const [url, payload, status, message] of cases) {
      const res = await api.post(url, payload);
      expect({ url, payload, status: res.statusCode, message: res.json().message }).toEqual({ url, payload, status, message });
    }
  });

  it('public reads carry ETag and Cache-Control, and a repeat gets 304', async () => {
    const { cat, sub, addProducts } = await seedCatalogue(t.database.db);
    await addProducts(cat.electronics, sub.phones, [{ name: 'Phone' }]);
    for (const url of ['/api/category/get-category', '/api/subcategory/get-subcategories', '/api/product/get-all-products?page=1&limit=5']) {
      const first = await api.get(url);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control']).toMatch(/public, max-age=\d+/);
      const again = await api.get(url, { headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    // A change gives a new ETag, so the old copy is not reused.
    const before = await api.get('product/get-all-products');
    await addProducts(cat.electronics, sub.phones, [{ name: 'Another Phone' }]);
    const after = await api.get('product/get-all-products', { headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.json().totalCount).toBe(2);
  });
});
