import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createApi, testConfig, testDatabase, tmpDir } from './support';

describe('serving the built SPA', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const web = tmpDir('haat-web-');
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Haat</title><div id="root"></div>');
    writeFileSync(path.join(web, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
    writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await buildApp({ config: testConfig({ PUBLIC_URL: 'https://shop.example.com' }), database: await testDatabase(), webDist: web });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers index.html for every client route, not cached', async () => {
    // An unknown product answers 404 with the same page (test/seo.test.ts).
    for (const url of ['/', '/cart', '/dashboard/profile', '/no/such/page']) {
      const res = await createApi(app).get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets forever and compresses them', async () => {
    const res = await createApi(app).get('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('caches other files briefly', async () => {
    const res = await createApi(app).get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers a missing asset or API route with 404, not the SPA', async () => {
    expect((await createApi(app).get('/assets/missing.js')).statusCode).toBe(404);
    const api = await createApi(app).get('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json().success).toBe(false);
  });
});
