import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createApi, testConfig, testDatabase, tmpDir } from '../support';

/** Issue 8, item 2: the security headers on a page, an API answer, an upload and the 404s. */
describe('security headers', () => {
  let app: FastifyInstance;
  let production: FastifyInstance;

  beforeAll(async () => {
    const web = tmpDir('haat-web-');
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Haat</title><div id="root"></div><script type="module" src="/assets/index.js"></script>');
    const config = testConfig();
    mkdirSync(path.join(config.DATA_DIR, 'uploads', 'products'), { recursive: true });
    writeFileSync(path.join(config.DATA_DIR, 'uploads', 'products', 'a.webp'), Buffer.from('RIFF0000WEBPVP8 '));
    const database = await testDatabase();
    app = await buildApp({ config, database, webDist: web });
    production = await buildApp({
      config: testConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-real-production-secret-0123456789abcdef', PUBLIC_URL: 'https://shop.example.com' }),
      database,
      webDist: web,
    });
  });
  afterAll(async () => {
    await app.close();
    await production.close();
  });

  const expectHardened = (res: LightMyRequestResponse, what: string) => {
    const h = res.headers;
    const csp = String(h['content-security-policy']);
    expect(csp, what).toContain("script-src 'self'");
    expect(csp, what).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp, what).toContain("img-src 'self' data: blob:");
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("object-src 'none'");
    expect(h['x-content-type-options'], what).toBe('nosniff');
    expect(h['x-frame-options'], what).toBe('DENY');
    expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(h['x-powered-by'], what).toBeUndefined();
  };

  it('are on a page, an API answer, an upload and every kind of 404', async () => {
    const cases: [string, number][] = [
      ['/', 200],
      ['/dashboard/profile', 200],
      ['/api/delivery-settings', 200],
      ['/api/health', 200],
      ['/uploads/products/a.webp', 200],
      ['/uploads/products/missing.webp', 404],
      ['/api/no-such-route', 404],
      ['/assets/missing.js', 404],
    ];
    for (const [url, status] of cases) {
      const res = await createApi(app).get(url);
      expect(res.statusCode, url).toBe(status);
      expectHardened(res, url);
      // HSTS only in production (it would pin a development host to HTTPS).
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    // An error answer (401) carries them too.
    expectHardened(await createApi(app).get('/api/user/get-user'), '401');
  });

  it('in production add HSTS and upgrade-insecure-requests', async () => {
    for (const url of ['/', '/api/delivery-settings', '/uploads/products/a.webp']) {
      const res = await createApi(production).get(url);
      expectHardened(res, url);
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    }
  });
});
