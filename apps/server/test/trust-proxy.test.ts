import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createApi, testConfig, testDatabase, tmpDir } from './support';

/** A client must not pick its own IP with X-Forwarded-For, or per-IP limits mean nothing. */
describe('client IP behind proxies', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  async function ipSeen(env: Record<string, string>, forwardedFor: string) {
    app = await buildApp({ config: testConfig(env), database: await testDatabase(), webDist: tmpDir() });
    app.get('/probe/ip', async (req) => ({ ip: req.ip }));
    const res = await createApi(app, '203.0.113.7').get('/probe/ip', { headers: { 'x-forwarded-for': forwardedFor } });
    return res.json().ip as string;
  }

  it('ignores X-Forwarded-For by default, even in production', async () => {
    expect(await ipSeen({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), PUBLIC_URL: 'https://shop.example.com' }, '1.2.3.4')).toBe('203.0.113.7');
  });

  it('believes the named proxy, and not a hop the client added before it', async () => {
    expect(await ipSeen({ TRUST_PROXY: '203.0.113.0/24' }, '9.9.9.9, 1.2.3.4')).toBe('1.2.3.4');
  });

  it('ignores X-Forwarded-For from a peer that is not a named proxy', async () => {
    expect(await ipSeen({ TRUST_PROXY: '10.0.0.1' }, '1.2.3.4')).toBe('203.0.113.7');
  });
});
