import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createApi, testConfig, testDatabase, tmpDir } from './support';

const webPublic = fileURLToPath(new URL('../../web/public', import.meta.url));

/**
 * Installable and offline (issue 14, docs/decisions/0040): the web app's real
 * manifest and icons (apps/web/public), and the service worker files a build
 * adds, served the way the browser needs them.
 */
describe('the installable web app', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const web = tmpDir('haat-web-');
    cpSync(webPublic, web, { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Haat</title><div id="root"></div>');
    writeFileSync(path.join(web, 'sw.js'), 'importScripts("/workbox-1a2b3c4d.js");');
    writeFileSync(path.join(web, 'workbox-1a2b3c4d.js'), 'self.workbox = {};');
    app = await buildApp({ config: testConfig({ PUBLIC_URL: 'https://shop.example.com' }), database: await testDatabase(), webDist: web });
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves /manifest.webmanifest as a manifest that Chrome can install from', async () => {
    const res = await createApi(app).get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json();
    expect(manifest).toMatchObject({ name: 'Haat', short_name: 'Haat', start_url: '/', display: 'standalone', lang: 'en' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const purposes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
    expect(purposes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  });

  it('serves every icon of the manifest as a PNG of the size it claims', async () => {
    const manifest = (await createApi(app).get('/manifest.webmanifest')).json();
    const icons: { src: string; sizes: string }[] = [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }];
    for (const icon of icons) {
      const res = await createApi(app).get(icon.src);
      expect(res.statusCode, icon.src).toBe(200);
      expect(res.headers['content-type'], icon.src).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
    }
  });

  it('serves the service worker, its Workbox file and the shell with cache-control: no-cache', async () => {
    for (const url of ['/sw.js', '/workbox-1a2b3c4d.js', '/index.html', '/']) {
      const res = await createApi(app).get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await createApi(app).get('/sw.js')).headers['content-type']).toMatch(/javascript/);
  });

  it("allows the service worker and the manifest in the Content-Security-Policy, from the shop's own origin only", async () => {
    const csp = String((await createApi(app).get('/')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
