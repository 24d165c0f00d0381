import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { languageSwitch, preloadsOf } from '../src/modules/seo/storefront';
import { createApi, testConfig, testDatabase, webBuildFixture } from './support';

/**
 * Issue 25 (decision 0078): the server puts a storefront page's markup, language and data into
 * index.html. The web build is a fixture here, as in spa.test.ts: an index.html, a manifest, and a
 * dist-server/entry-server.js with the two functions apps/web/src/entry-server.tsx exports (the real
 * one is exercised end to end by e2e/server-rendering.spec.ts). Its page reads the categories
 * through the API in-process, as the real one reads the catalogue.
 */
const RENDERER = `
let inject;
export function connectApi(fn) { inject = fn; }
export async function renderPage(url, lang) {
  const { pathname, searchParams } = new URL(url);
  if (searchParams.get('search') === 'boom') throw new Error('the page failed to render');
  const { status, json } = await inject('/api/category/get-category', {});
  const words = lang === 'bn' ? 'দোকান' : 'Shop';
  return {
    html: '<main><h1>' + words + '</h1><p>categories ' + status + ' ' + Array.isArray(json.data) + '</p></main>',
    page: { lang, queries: { mutations: [], queries: [] }, apiUrls: ['/api/category/get-category', pathname + '</script><script>alert(1)'] },
  };
}
`;

describe('storefront pages rendered on the server', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const web = webBuildFixture(RENDERER, {
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/features/cart/pages/CartPage.tsx': { file: 'assets/CartPage-2.js', imports: ['index.html', '_Stepper-3.js'] },
      '_Stepper-3.js': { file: 'assets/Stepper-3.js' },
    });
    app = await buildApp({ config: testConfig({ PUBLIC_URL: 'https://shop.example.com' }), database: await testDatabase(), webDist: web });
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) => createApi(app).get(url, { headers: { 'accept-encoding': 'identity', ...headers } });

  it('renders a storefront page into #root with its data, reading the API in-process; the SEO head stays', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><main><h1>Shop</h1><p>categories 200 true</p></main></div>');
    expect(res.body).toContain('<script type="application/json" id="haat-ssr">{"lang":"en"');
    expect(res.body).toContain('<link rel="canonical" href="https://shop.example.com/" />');
    expect(res.body).toMatch(/<html lang="en">/);
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });

  it('speaks the toggle’s cookie first, then Accept-Language, else English', async () => {
    const bn = await get('/cart', { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' });
    expect(bn.body).toMatch(/<html lang="bn">/);
    expect(bn.body).toContain('<h1>দোকান</h1>');
    const chosen = await get('/cart', { 'accept-language': 'bn-BD', cookie: 'other=1; haat.lang=en' });
    expect(chosen.body).toContain('<h1>Shop</h1>');
    const cookieBn = await get('/cart', { 'accept-language': 'en-US', cookie: 'haat.lang=bn' });
    expect(cookieBn.body).toContain('<h1>দোকান</h1>');
    expect((await get('/cart', { 'accept-language': 'fr' })).body).toContain('<h1>Shop</h1>');
  });

  it('switches language without scripts: ?lang= keeps the choice as the cookie and sends the same page back without it', async () => {
    const res = await get('/search-page?search=saree&lang=bn', { 'accept-language': 'en-US' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/search-page?search=saree');
    expect(res.headers['set-cookie']).toBe('haat.lang=bn; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(res.headers['cache-control']).toBe('no-store');
    // The browser follows it with the cookie: the page in Bangla.
    expect((await get(res.headers.location as string, { 'accept-language': 'en-US', cookie: 'haat.lang=bn' })).body).toContain('<h1>দোকান</h1>');
    expect((await get('/?lang=en')).headers.location).toBe('/');
    // Never to another site, and a language we do not speak is no switch.
    for (const url of ['//evil.example/x?lang=bn', '/\\evil.example/?lang=bn']) {
      const away = await get(url);
      expect(away.statusCode, url).toBe(303);
      expect(away.headers.location, url).toMatch(/^\/(?![/\\])/);
    }
    expect(languageSwitch('//evil.example/x?lang=bn&page=2')?.location).toBe('/evil.example/x?page=2');
    expect(languageSwitch('/cart?language=bn')).toBeNull();
    const other = await get('/cart?lang=fr');
    expect(other.statusCode).toBe(200);
    expect(other.headers['set-cookie']).toBeUndefined();
  });

  it('keeps the data block from closing its script (a `<` is \\u003c)', async () => {
    const res = await get('/cart');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('/cart\\u003c/script>\\u003cscript>alert(1)');
  });

  it('preloads the page’s own chunks, not the entry’s', async () => {
    const res = await get('/cart');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/CartPage-2.js" /><link rel="modulepreload" crossorigin href="/assets/Stepper-3.js" />');
    expect(res.body).not.toContain('href="/assets/index-1.js"');
  });

  it('sends the page compressed: brotli, else gzip', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>Shop</h1>');
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<h1>Shop</h1>');
  });

  it('leaves the admin’s and the account’s pages, and a failed rendering, to the browser', async () => {
    for (const url of ['/dashboard/profile', '/login', '/my-account', '/search-page?search=boom']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('haat-ssr');
    }
  });

  it('preloads nothing for a module the manifest does not know (which pages render, and their modules: entry-server.test.tsx)', () => {
    expect(preloadsOf({}, 'src/x.tsx')).toBe('');
  });
});
