import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { products, productVariants, subCategories } from '../src/db/schema';
import { createApi, emptyDatabase, seedCatalogue, testConfig, testDatabase, tmpDir } from './support';

const BASE = 'https://shop.example.com';

/** The built SPA's index.html, as Vite writes it (its own title and description are replaced per page). */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="The built file's description" />
    <title>The built file's title</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** Every element of `name` in the head as its attributes (a tiny reader, enough for our own tags). */
const tags = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<${name}\\s([^>]*?)\\s*/?>`, 'g'))].map((m) => Object.fromEntries([...m[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));
const metaOf = (html: string, key: string) => tags(html, 'meta').filter((t) => t.name === key || t.property === key).map((t) => t.content);
const titleOf = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
const canonicalOf = (html: string) => tags(html, 'link').filter((t) => t.rel === 'canonical').map((t) => t.href);
const jsonLdOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

/** Parses XML strictly (saxes throws on anything ill-formed) and returns each <loc>. */
function locsOf(xml: string): string[] {
  const parser = new SaxesParser();
  const locs: string[] = [];
  let inLoc = false;
  parser.on('opentag', (t) => (inLoc = t.name === 'loc'));
  parser.on('closetag', () => (inLoc = false));
  parser.on('text', (text) => inLoc && locs.push(text));
  parser.write(xml).close();
  return locs;
}

describe('found on Google, shared on Facebook (issue 14)', () => {
  let app: FastifyInstance;
  const database = testDatabase();

  beforeAll(async () => {
    const web = tmpDir('haat-web-');
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), INDEX_HTML);
    app = await buildApp({ config: testConfig({ PUBLIC_URL: BASE, SHOP_NAME: 'Haat' }), database: await database, webDist: web });
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(async () => emptyDatabase(await database));

  async function shop() {
    const { db } = await database;
    const c = await seedCatalogue(db);
    const [phoneId, soldOutId, hiddenId] = await c.addProducts(c.cat.electronics, c.sub.phones, [
      { name: 'Galaxy A15 <b>"Blue"</b> </script>', description: 'A phone with a big battery.\n\nTwo SIMs & 128 GB.', price: 20000, discount: 10, stock: 4 },
      { name: 'Nokia 105', description: 'Sold out.', price: 1500, stock: 0 },
      { name: 'Hidden phone', price: 999, publish: false },
    ]);
    await db.update(products).set({ images: ['/uploads/products/galaxy.webp', '/uploads/products/galaxy-2.webp'], nameBn: 'গ্যালাক্সি এ১৫' }).where(eq(products.id, phoneId!));
    await db.update(subCategories).set({ nameBn: 'মোবাইল ফোন' }).where(eq(subCategories.id, c.sub.phones));
    return { ...c, phoneId: phoneId!, soldOutId: soldOutId!, hiddenId: hiddenId! };
  }
  const get = (url: string) => createApi(app).get(url);

  it('puts a product’s own title, description, canonical, Open Graph and Twitter tags and JSON-LD Product into its HTML', async () => {
    const s = await shop();
    const res = await get(`/product/anything-${s.phoneId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    const name = 'Galaxy A15 <b>"Blue"</b> </script>';
    const url = `${BASE}/product/galaxy-a15-<b>"blue"<b>-<script>-${s.phoneId}`;
    // One title and one description: the built file's own were replaced, and the admin's markup is text.
    expect(titleOf(html)).toEqual(['Galaxy A15 &lt;b&gt;&quot;Blue&quot;&lt;/b&gt; &lt;/script&gt; | Haat']);
    expect(html).not.toContain('<b>"Blue"');
    expect(html).not.toContain("The built file's");
    expect(metaOf(html, 'description')).toEqual(['A phone with a big battery. Two SIMs &amp; 128 GB.']);
    expect(canonicalOf(html)).toEqual([url.replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')]);
    expect(metaOf(html, 'og:type')).toEqual(['product']);
    expect(metaOf(html, 'og:site_name')).toEqual(['Haat']);
    expect(metaOf(html, 'og:title')).toEqual(titleOf(html));
    expect(metaOf(html, 'og:url')).toEqual(canonicalOf(html));
    expect(metaOf(html, 'og:image')).toEqual([`${BASE}/uploads/products/galaxy.webp`]);
    expect(metaOf(html, 'twitter:card')).toEqual(['summary_large_image']);
    expect(metaOf(html, 'twitter:image')).toEqual([`${BASE}/uploads/products/galaxy.webp`]);
    expect(metaOf(html, 'product:price:amount')).toEqual(['18000.00']);
    expect(metaOf(html, 'robots')).toEqual([]);

    // JSON-LD: `</script>` in the name cannot end the block; the offer is the price after discount, in BDT.
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the app's module script and the JSON-LD block
    const [ld] = jsonLdOf(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name,
      alternateName: 'গ্যালাক্সি এ১৫',
      sku: s.phoneId,
      image: [`${BASE}/uploads/products/galaxy.webp`, `${BASE}/uploads/products/galaxy-2.webp`],
      url,
      offers: { '@type': 'Offer', price: '18000.00', priceCurrency: 'BDT', availability: 'https://schema.org/InStock', url },
    });

    // The head comes from the catalogue cache, which a stock change clears.
    await (await database).db.update(products).set({ stock: 0 }).where(eq(products.id, s.phoneId));
    expect(jsonLdOf((await get(`/product/galaxy-${s.phoneId}`)).body)[0]).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });

    const soldOut = jsonLdOf((await get(`/product/nokia-105-${s.soldOutId}`)).body)[0];
    expect(soldOut).toMatchObject({ name: 'Nokia 105', offers: { price: '1500.00', availability: 'https://schema.org/OutOfStock' } });
    // No Bangla name given: none in the JSON-LD either.
    expect(soldOut).not.toHaveProperty('alternateName');
  });

  it('answers 404 with the SPA and noindex for unknown, malformed and unpublished product ids', async () => {
    const s = await shop();
    for (const url of ['/product/no-such-thing-zzzz9999zzzz9999', '/product/bad-id-ÄÖ', '/product/Bad_ID!', `/product/hidden-phone-${s.hiddenId}`]) {
      const res = await get(encodeURI(url));
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(metaOf(res.body, 'robots'), url).toEqual(['noindex']);
      expect(canonicalOf(res.body)).toEqual([]);
    }
  });

  it('gives a listing its title, canonical, sub-category picture and a BreadcrumbList; an unknown listing is a 404', async () => {
    const s = await shop();
    const listing = `/electronics-and-gadgets-${s.cat.electronics}/mobile-phones-${s.sub.phones}`;
    const res = await get(`/whatever-${s.cat.electronics}/typed-differently-${s.sub.phones}`);
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toEqual(['Mobile Phones - Electronics and Gadgets | Haat']);
    expect(metaOf(res.body, 'description')[0]).toContain('Shop Mobile Phones (মোবাইল ফোন) in Electronics and Gadgets at Haat');
    expect(canonicalOf(res.body)).toEqual([`${BASE}${listing}`]);
    expect(metaOf(res.body, 'og:url')).toEqual([`${BASE}${listing}`]);
    expect(metaOf(res.body, 'og:image')).toEqual([`${BASE}/uploads/s/p.webp`]);
    expect(jsonLdOf(res.body)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: `${BASE}/` },
          { '@type': 'ListItem', position: 2, name: 'Electronics and Gadgets', item: `${BASE}${listing}` },
          { '@type': 'ListItem', position: 3, name: 'Mobile Phones', item: `${BASE}${listing}` },
        ],
      },
    ]);

    for (const url of [`/electronics-${s.cat.electronics}/nothing-zzzz`, `/nothing-zzzz/mobile-phones-${s.sub.phones}`, `/fashion-${s.cat.fashion}/mobile-phones-${s.sub.phones}`, '/feeds/other']) {
      const miss = await get(url);
      expect(miss.statusCode, url).toBe(404);
      expect(metaOf(miss.body, 'robots')).toEqual(['noindex']);
    }
    // The SPA's own two-segment pages are not listings.
    expect((await get('/dashboard/profile')).statusCode).toBe(200);
  });

  it('gives home and search their own tags; search results are followed but not indexed', async () => {
    const home = (await get('/')).body;
    expect(titleOf(home)).toEqual(['Haat | Groceries, fashion and gadgets delivered across Bangladesh']);
    expect(metaOf(home, 'description')[0]).toContain('across Bangladesh');
    expect(canonicalOf(home)).toEqual([`${BASE}/`]);
    expect(metaOf(home, 'og:type')).toEqual(['website']);
    expect(jsonLdOf(home)[0]).toMatchObject({ '@type': 'WebSite', url: `${BASE}/` });

    const search = (await get('/search-page?search=%3Cpanjabi%3E')).body;
    expect(titleOf(search)).toEqual(['Search: &lt;panjabi&gt; | Haat']);
    expect(canonicalOf(search)).toEqual([`${BASE}/search-page?search=%3Cpanjabi%3E`]);
    expect(metaOf(search, 'robots')).toEqual(['noindex, follow']);
  });

  it('gives each policy page its titles in both languages, its first paragraph and its canonical; an unknown one is a 404 (decision 0077)', async () => {
    const returns = await get('/policy/returns');
    expect(returns.statusCode).toBe(200);
    expect(titleOf(returns.body)).toEqual(['Return &amp; Refund Policy (রিটার্ন ও রিফান্ড নীতি) | Haat']);
    expect(metaOf(returns.body, 'description')).toEqual(['You may ask to return or exchange an item within 7 days of delivery.']);
    expect(canonicalOf(returns.body)).toEqual([`${BASE}/policy/returns`]);
    const miss = await get('/policy/cookies');
    expect(miss.statusCode).toBe(404);
    expect(metaOf(miss.body, 'robots')).toEqual(['noindex']);
  });

  it('says a Bangla page’s head in Bangla: product, listing, search, policy, home, cart and the Oops! page (issue 42)', async () => {
    const s = await shop();
    const { db } = await database;
    await db.update(products).set({ descriptionBn: 'বড় ব্যাটারির ফোন।' }).where(eq(products.id, s.phoneId));
    const bangla = (url: string) => createApi(app).get(url, { headers: { cookie: 'haat.lang=bn' } });
    const cases: [string, string][] = [
      [`/product/anything-${s.phoneId}`, 'গ্যালাক্সি এ১৫ | Haat'],
      [`/electronics-${s.cat.electronics}/phones-${s.sub.phones}`, 'মোবাইল ফোন - Electronics and Gadgets | Haat'],
      ['/search-page?search=পাঞ্জাবি', 'খোঁজ: পাঞ্জাবি | Haat'],
      ['/search-page', 'খোঁজ | Haat'],
      ['/policy/returns', 'রিটার্ন ও রিফান্ড নীতি | Haat'],
      ['/', 'Haat | সারা বাংলাদেশে মুদি, পোশাক ও গ্যাজেট হোম ডেলিভারি'],
      ['/cart', 'কার্ট | Haat'],
      ['/checkout', 'চেকআউট | Haat'],
      ['/track', 'Haat | সারা বাংলাদেশে মুদি, পোশাক ও গ্যাজেট হোম ডেলিভারি'],
      ['/product/no-such-thing-zzzz9999zzzz9999', 'পাতাটি পাওয়া যায়নি | Haat'],
    ];
    for (const [url, title] of cases) {
      const res = await bangla(encodeURI(url));
      expect(titleOf(res.body), url).toEqual([title]);
      expect(res.headers.vary, url).toContain('Accept-Language');
    }
    const product = (await bangla(`/product/anything-${s.phoneId}`)).body;
    expect(metaOf(product, 'description')).toEqual(['বড় ব্যাটারির ফোন।']);
    expect(metaOf(product, 'og:image:alt')).toEqual(['গ্যালাক্সি এ১৫']);
    // A listing's description: the shop's words in Bangla; a name the owner gave no Bangla stays as typed.
    const listing = (await bangla(`/electronics-${s.cat.electronics}/phones-${s.sub.phones}`)).body;
    expect(metaOf(listing, 'description')[0]).toBe('Haat-এ Electronics and Gadgets-এর মোবাইল ফোন কিনুন: সারা বাংলাদেশে ডেলিভারি, ক্যাশ অন ডেলিভারি, bKash, Rocket ও Nagad।');
    // Accept-Language alone asks for it too; English stays as it was.
    expect(titleOf((await createApi(app).get('/cart', { headers: { 'accept-language': 'bn-BD,bn;q=0.9' } })).body)).toEqual(['কার্ট | Haat']);
    expect(titleOf((await get('/cart')).body)).toEqual(['Cart | Haat']);
  });

  it('takes the base URL from the request when PUBLIC_URL is unset', async () => {
    const local = await buildApp({ config: testConfig(), database: await database, webDist: path.join(tmpDir(), 'no-web') });
    try {
      const res = await createApi(local).get('/robots.txt', { headers: { host: 'localhost:3000' } });
      expect(res.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    } finally {
      await local.close();
    }
  });

  it('serves robots.txt that keeps out the account, checkout and admin pages and the API, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const p of ['/dashboard', '/checkout', '/cart', '/my-account', '/order-success', '/order-cancel', '/login', '/register', '/api/']) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain('Allow: /api/product/get-');
    expect(lines).not.toContain('Disallow: /product');
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it('serves a sitemap index whose pages list the home page, the listings and every published product', async () => {
    const s = await shop();
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locsOf(index.body);
    expect(files).toEqual([`${BASE}/sitemaps/static.xml`, `${BASE}/sitemaps/categories.xml`, `${BASE}/sitemaps/products-1.xml`]);

    expect(locsOf((await get('/sitemaps/static.xml')).body)).toEqual([`${BASE}/`, ...['terms', 'returns', 'delivery', 'privacy'].map((p) => `${BASE}/policy/${p}`)]);
    expect(locsOf((await get('/sitemaps/categories.xml')).body).sort()).toEqual(
      [
        `${BASE}/electronics-and-gadgets-${s.cat.electronics}/mobile-phones-${s.sub.phones}`,
        `${BASE}/electronics-and-gadgets-${s.cat.electronics}/televisions-${s.sub.tv}`,
        `${BASE}/fashion-and-lifestyle-${s.cat.fashion}/shirts-tops-${s.sub.shirts}`,
      ].sort(),
    );
    const page = await get('/sitemaps/products-1.xml');
    expect(page.statusCode).toBe(200);
    const locs = locsOf(page.body);
    expect(locs).toContain(`${BASE}/product/nokia-105-${s.soldOutId}`);
    // The name's markup is escaped in the XML and read back intact.
    expect(locs).toContain(`${BASE}/product/galaxy-a15-<b>"blue"<b>-<script>-${s.phoneId}`);
    expect(locs.some((l) => l.endsWith(s.hiddenId))).toBe(false);
    expect(page.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);

    for (const missing of ['/sitemaps/products-2.xml', '/sitemaps/products-0.xml', '/sitemaps/other.xml']) expect((await get(missing)).statusCode, missing).toBe(404);
  });

  it('pages the products sitemap by id, 10,000 a page', async () => {
    const { db } = await database;
    // 10,001 published products and one hidden, in one statement.
    await db.execute(sql`insert into products (id, name, images, publish) select 'p' || lpad(i::text, 6, '0'), 'Shirt ' || i, '{}', i <> 5000 from generate_series(0, 10001) i`);
    const files = locsOf((await get('/sitemap.xml')).body);
    expect(files.slice(2)).toEqual([`${BASE}/sitemaps/products-1.xml`, `${BASE}/sitemaps/products-2.xml`]);
    const first = locsOf((await get('/sitemaps/products-1.xml')).body);
    const second = locsOf((await get('/sitemaps/products-2.xml')).body);
    expect(first).toHaveLength(10_000);
    expect(second).toHaveLength(1);
    expect(new Set([...first, ...second]).size).toBe(10_001);
    expect(first[0]).toBe(`${BASE}/product/shirt-0-p000000`);
    expect(second).toEqual([`${BASE}/product/shirt-10001-p010001`]);
    expect(first).not.toContain(`${BASE}/product/shirt-5000-p005000`);
  });

  it('serves the Meta catalogue feed: published products with a picture, price after discount in BDT, absolute links', async () => {
    const s = await shop();
    const res = await get('/feeds/meta.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parseCsv(res.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand', 'item_group_id', 'size', 'color']);
    expect(rows.map((r) => r.id).sort()).toEqual([s.phoneId, s.soldOutId].sort());
    const phone = rows.find((r) => r.id === s.phoneId)!;
    expect(phone).toEqual({
      id: s.phoneId,
      title: 'Galaxy A15 <b>"Blue"</b> </script>',
      description: 'A phone with a big battery. Two SIMs & 128 GB.',
      availability: 'in stock',
      condition: 'new',
      price: '18000.00 BDT',
      link: `${BASE}/product/galaxy-a15-<b>"blue"<b>-<script>-${s.phoneId}`,
      image_link: `${BASE}/uploads/products/galaxy.webp`,
      brand: 'Haat',
      item_group_id: '',
      size: '',
      color: '',
    });
    expect(rows.find((r) => r.id === s.soldOutId)).toMatchObject({ availability: 'out of stock', price: '1500.00 BDT', image_link: `${BASE}/uploads/products/x.webp` });
  });

  it('a product with sizes and colours is a ProductGroup in its JSON-LD and one Meta feed item per published variant (issue 21)', async () => {
    const s = await shop();
    const { db } = await database;
    const options = [
      { name: 'Size', name_bn: 'সাইজ', values: [{ value: 'M', value_bn: '', swatch: '' }, { value: 'L', value_bn: '', swatch: '' }] },
      { name: 'Colour', name_bn: 'রং', values: [{ value: 'Red', value_bn: 'লাল', swatch: '#b22222' }] },
      { name: 'Fabric', name_bn: '', values: [{ value: 'Cotton', value_bn: '', swatch: '' }] },
    ];
    await db.update(products).set({ options, price: 1000, discount: 0, stock: 5 }).where(eq(products.id, s.phoneId));
    await db.insert(productVariants).values([
      { id: 'varm00000000001', productId: s.phoneId, position: 0, sku: 'KU-M', optionValues: ['M', 'Red', 'Cotton'], price: 1000, stock: 5, images: ['/uploads/products/galaxy-2.webp'] },
      { id: 'varl00000000001', productId: s.phoneId, position: 1, sku: 'KU-L', optionValues: ['L', 'Red', 'Cotton'], price: 1200, discount: 10, stock: 0 },
      { id: 'varh00000000001', productId: s.phoneId, position: 2, sku: null, optionValues: ['L', 'Red', 'Cotton'].reverse(), price: 9, stock: 9, publish: false },
    ]);
    const [ld] = jsonLdOf((await get(`/product/anything-${s.phoneId}`)).body);
    const url = `${BASE}/product/galaxy-a15-<b>"blue"<b>-<script>-${s.phoneId}`;
    expect(ld).toMatchObject({ '@type': 'ProductGroup', productGroupID: s.phoneId, variesBy: ['https://schema.org/size', 'https://schema.org/color', 'Fabric'] });
    expect(ld!.hasVariant).toEqual([
      expect.objectContaining({ '@type': 'Product', sku: 'KU-M', size: 'M', color: 'Red', image: [`${BASE}/uploads/products/galaxy-2.webp`], offers: expect.objectContaining({ price: '1000.00', availability: 'https://schema.org/InStock', url: `${url}?variant=varm00000000001` }) }),
      expect.objectContaining({ sku: 'KU-L', size: 'L', offers: expect.objectContaining({ price: '1080.00', availability: 'https://schema.org/OutOfStock' }) }),
    ]);

    const rows = parseCsv((await get('/feeds/meta.csv')).body, { columns: true }) as Record<string, string>[];
    const items = rows.filter((r) => r.item_group_id === s.phoneId);
    expect(items.map((r) => [r.id, r.size, r.color, r.price, r.availability, r.image_link])).toEqual([
      ['KU-M', 'M', 'Red', '1000.00 BDT', 'in stock', `${BASE}/uploads/products/galaxy-2.webp`],
      ['KU-L', 'L', 'Red', '1080.00 BDT', 'out of stock', `${BASE}/uploads/products/galaxy.webp`],
    ]);
    expect(items[0]!.title).toBe('Galaxy A15 <b>"Blue"</b> </script> (Size: M, Colour: Red, Fabric: Cotton)');
    expect(items[0]!.link).toBe(`${url}?variant=varm00000000001`);
    expect(rows.find((r) => r.id === s.phoneId)).toBeUndefined();
  });

  it('the Meta feed gives titles as the shop shows them, formula-looking ones too (decision 0047: Meta reads the file, no spreadsheet)', async () => {
    const s = await shop();
    const { db } = await database;
    await db.update(products).set({ name: '=HYPERLINK("http://evil.example","Click")', description: '-20% off, +1 free @ Haat' }).where(eq(products.id, s.phoneId));
    const res = await get('/feeds/meta.csv');
    const phone = (parseCsv(res.body, { columns: true }) as Record<string, string>[]).find((r) => r.id === s.phoneId)!;
    // No leading quote: Meta would show it in the shop's ads. The values stay quoted CSV fields as csv-stringify writes them.
    expect({ title: phone.title, description: phone.description }).toEqual({ title: '=HYPERLINK("http://evil.example","Click")', description: '-20% off, +1 free @ Haat' });
    expect(res.body).toContain('"=HYPERLINK(""http://evil.example"",""Click"")"');
  });
});
