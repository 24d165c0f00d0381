import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTaka } from '@haat/shared/money';
import { answerOnServer } from '@/lib/api';
import { envelope, failure } from '@/test-api';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { connectApi, renderPage, storefrontPage } from './entry-server';

/**
 * Issue 40 (decision 0094): the server reads what a storefront page shows before rendering it, so the page is
 * rendered once. The API answers in-process here as the shop's own does (connectApi); every read is recorded.
 */
const category = { _id: 'c1', name: 'Fashion', name_bn: 'ফ্যাশন', image: '/uploads/categories/c1.webp' };
const subCategory = { _id: 's1', name: "Women's Clothing", name_bn: 'মেয়েদের পোশাক', image: '', category: [{ _id: 'c1', name: 'Fashion' }] };
const product = {
  _id: 'p1',
  name: 'Aarong Embroidered Kurti - Red',
  name_bn: 'Aarong এমব্রয়ডারি করা কুর্তি - লাল',
  description: 'A soft kurti.',
  description_bn: '',
  product_details: '',
  product_details_bn: '',
  unit: 'piece',
  price: 2490,
  discount: 10,
  image: ['/uploads/products/p1.webp'],
  stock: 12,
  quantity: 5,
  more_details: {},
  category: [{ _id: 'c1', name: 'Fashion' }],
  subCategory: [{ _id: 's1', name: "Women's Clothing" }],
  publish: true,
  createdAt: '2026-11-01T00:00:00.000Z',
};
const list = envelope([product], '', { totalCount: 1, totalPages: 1 });
/** Its reviews (issue 47): one with a script in its text, one with the variant bought and the shop's reply. */
const review = (id: string, rating: number, body: string, extra: object = {}) => ({
  _id: id, product_id: 'p1', rating, body, photos: [], variant: 'Size: L', variant_bn: 'সাইজ: এল', author: 'Rahima', verified: true, helpful: 2, reply: '', replied_at: null,
  created_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z', ...extra,
});
const reviewPage = {
  summary: { average: 4.5, count: 2, stars: [0, 0, 0, 1, 1] },
  photos: [],
  items: [review('r1', 5, 'Lovely </script><script>alert(1)</script>'), review('r2', 4, 'খুব সুন্দর কুর্তি', { reply: 'ধন্যবাদ!' })],
  page: 1,
  pages: 1,
};
const answers: Record<string, unknown> = {
  'category/get-category': envelope([category]),
  'subcategory/get-subcategories': envelope([subCategory]),
  'shop-info': envelope({ name: 'Haat', address: 'Dhaka', phone: '01700000000', email: 'support@haat.test', social: {} }),
  'delivery-settings': envelope({ freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 }),
  'promotion/offers': envelope([]),
  'product/get-product-by-id': list,
  'product/get-product-details': envelope(product),
  'product/get-product-by-category-and-subcategory': list,
  'product/get-all-products': list,
  'reviews/product/p1': envelope(reviewPage),
};

describe('a storefront page rendered on the server', () => {
  const reads: string[] = [];
  beforeAll(() =>
    connectApi(async (url) => {
      reads.push(url);
      const path = new URL(url, 'http://haat.local').pathname.replace(/^\/api\//, '');
      const json = answers[path];
      return json ? { status: 200, json } : { status: 404, json: failure('Not found') };
    }),
  );
  afterAll(() => answerOnServer(undefined));

  it.each([
    ['/', 'en', 'Aarong Embroidered Kurti - Red'],
    ['/fashion-c1/womens-clothing-s1', 'en', 'Aarong Embroidered Kurti - Red'],
    ['/product/aarong-kurti-p1', 'bn', 'Aarong এমব্রয়ডারি করা কুর্তি - লাল'],
    ['/search-page?search=kurti', 'bn', 'Aarong এমব্রয়ডারি করা কুর্তি - লাল'],
  ] as const)('renders %s (%s) once, with its product and every read answered before', async (url, lang, name) => {
    reads.length = 0;
    const page = await renderPage(`http://haat.local${url}`, lang);
    expect(page?.html).toContain(name);
    // The price after its 10 % discount, in the page's digits.
    expect(page?.html).toContain(lang === 'bn' ? '২,২৪১.০০৳' : formatTaka(2241));
    expect(page?.renders).toBe(1);
    // Each read once, and each in the page's data for the browser.
    expect(new Set(reads).size).toBe(reads.length);
    expect(page?.page.queries.queries.length).toBe(reads.length);
  });

  it('puts a product’s first reviews into the HTML, in the page’s language, a script in a review shown as text (issue 47)', async () => {
    const page = await renderPage('http://haat.local/product/aarong-kurti-p1', 'bn');
    const html = page!.html;
    expect(html).toContain('রেটিং ও রিভিউ');
    expect(html).toContain('৫-এর মধ্যে ৪.৫');
    expect(html).toContain('খুব সুন্দর কুর্তি');
    expect(html).toContain('সাইজ: এল');
    expect(html).toContain('যাচাই করা ক্রেতা');
    expect(html).toContain('ধন্যবাদ!');
    expect(html).toContain('Lovely &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(page!.renders).toBe(1);
  });

  it('renders a policy page once with the layout’s read alone (the shop’s details)', async () => {
    reads.length = 0;
    const page = await renderPage('http://haat.local/policy/privacy', 'en');
    expect(page?.renders).toBe(1);
    expect(reads).toEqual(['/api/shop-info']);
    expect(page?.html).toContain('support@haat.test');
  });
});

describe('storefrontPage: which pages the server renders, from the router’s own table', () => {
  it('answers the storefront’s pages with their page module, and no other page', () => {
    expect(storefrontPage('/')).toEqual({ module: '' });
    expect(storefrontPage('/cart')?.module).toBe('src/features/cart/pages/CartPage.tsx');
    expect(storefrontPage('/checkout')?.module).toBe('src/features/checkout/pages/CheckoutPage.tsx');
    expect(storefrontPage('/search-page')?.module).toBe('src/features/search/pages/SearchPage.tsx');
    expect(storefrontPage('/product/rice-1')?.module).toBe('src/features/catalogue/pages/ProductPage.tsx');
    expect(storefrontPage('/fashion-1/shoes-2')?.module).toBe('src/features/catalogue/pages/ListingPage.tsx');
    for (const other of ['/login', '/my-account', '/dashboard/orders', '/dashboard/profile', '/track', '/policy/privacy', '/a/b/c']) expect(storefrontPage(other), other).toBeNull();
  });

  it('names modules that are there (the key Vite’s manifest gives their chunks)', () => {
    const webRoot = path.resolve(__dirname, '..');
    for (const url of ['/cart', '/checkout', '/search-page', '/product/x-1', '/c-1/s-2']) {
      const module = storefrontPage(url)!.module;
      expect(existsSync(path.join(webRoot, module)), module).toBe(true);
    }
  });
});
