import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { loggableUrl } from '../../src/lib/log';
import { createApi, testConfig, testDatabase, tmpDir } from '../support';

const EVIL = 'evil.example';
const INDEX_HTML = '<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root"></div></body></html>';

function webDist(): string {
  const web = tmpDir('haat-web-');
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), INDEX_HTML);
  return web;
}

describe('Host-header poisoning (issue 18)', () => {
  it('production refuses to start without PUBLIC_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) })).toThrow(
      /^Invalid configuration: PUBLIC_URL must be set in production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), PUBLIC_URL: 'https://shop.example.com' }).PUBLIC_URL).toBe('https://shop.example.com');
  });

  describe('without PUBLIC_URL (the demo)', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp({ config: testConfig(), database: await testDatabase(), webDist: webDist() });
      await app.ready();
    });
    afterAll(() => app.close());

    it('answers that follow the Host header are never cacheable by shared caches', async () => {
      const api = createApi(app);
      for (const url of ['/robots.txt', '/sitemap.xml', '/sitemaps/static.xml', '/feeds/meta.csv', '/', '/product/anything-1']) {
        const res = await api.get(url, { headers: { host: EVIL } });
        expect(res.statusCode, url).toBeLessThan(500);
        const cacheControl = String(res.headers['cache-control']);
        expect(cacheControl, url).toMatch(/\bprivate\b/);
        expect(cacheControl, url).not.toMatch(/\bpublic\b/);
      }
    });
  });

  describe('with PUBLIC_URL', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp({ config: testConfig({ PUBLIC_URL: 'https://shop.example.com' }), database: await testDatabase(), webDist: webDist() });
      await app.ready();
    });
    afterAll(() => app.close());

    it('links name PUBLIC_URL whatever Host is sent, and may be cached publicly', async () => {
      const api = createApi(app);
      const robots = await api.get('/robots.txt', { headers: { host: EVIL } });
      expect(robots.body).toContain('Sitemap: https://shop.example.com/sitemap.xml');
      expect(robots.body).not.toContain(EVIL);
      expect(robots.headers['cache-control']).toBe('public, max-age=600');
      const home = await api.get('/', { headers: { host: EVIL } });
      expect(home.body).toContain('href="https://shop.example.com/"');
      expect(home.body).not.toContain(EVIL);
      expect(home.headers['cache-control']).toBe('no-cache');
    });
  });
});

describe('logs keep no personal query values (issue 18)', () => {
  it('redacts /track order numbers and mobiles, bKash payment ids and e-mails, and keeps other parameters', () => {
    expect(loggableUrl('/api/order/track?orderId=ORD-123&mobile=01712345678')).toBe('/api/order/track?orderId=[redacted]&mobile=[redacted]');
    expect(loggableUrl('/track?mobile=01712345678&orderId=ORD-1')).toBe('/track?mobile=[redacted]&orderId=[redacted]');
    expect(loggableUrl('/api/payment/bkash/callback?paymentID=TR0011&status=cancel')).toBe('/api/payment/bkash/callback?paymentID=[redacted]&status=cancel');
    expect(loggableUrl('/api/payment/nagad/callback?order_id=HT1&payment_ref_id=MDE1&status=Aborted')).toBe('/api/payment/nagad/callback?order_id=[redacted]&payment_ref_id=[redacted]&status=Aborted');
    expect(loggableUrl('/search-page?search=atta&page=2')).toBe('/search-page?search=atta&page=2');
    expect(loggableUrl('/x?%6Dobile=01712345678')).toBe('/x?%6Dobile=[redacted]');
    expect(loggableUrl('/x?MOBILE=01712345678&flag')).toBe('/x?MOBILE=[redacted]&flag');
  });

  it('a /track look-up and the /track page leave no order number or mobile in the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = await buildApp({ config: testConfig(), database: await testDatabase(), webDist: webDist(), logger: { level: 'info', stream } });
    try {
      await app.ready();
      const api = createApi(app);
      const lookUp = await api.get('order/track?orderId=ORD-7731-SECRET&mobile=01719876543');
      expect(lookUp.statusCode).toBeLessThan(500);
      expect((await api.get('/track?orderId=ORD-7731-SECRET&mobile=01719876543')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('/api/order/track?orderId=[redacted]&mobile=[redacted]');
    expect(log).not.toContain('01719876543');
    expect(log).not.toContain('ORD-7731-SECRET');
  });
});
