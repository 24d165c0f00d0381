import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { authRequest, tokens } from './session';

/**
 * The authenticated client against a real local HTTP server: 'old' access
 * tokens get 401, refresh-token hands out 'fresh' after a short delay.
 */
let server: Server;
let base: string;
let refreshCalls = 0;
let refreshWorks = true;
const seen: string[] = [];
const send = (res: import('node:http').ServerResponse, status: number, body: object) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const bearer = (req: IncomingMessage) => (req.headers.authorization ?? '').replace(/^Bearer /, '');

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/api/user/refresh-token') {
      refreshCalls += 1;
      setTimeout(() => {
        // Rotation (decision 0045): every refresh answers the next refresh token.
        if (refreshWorks && bearer(req) === 'just-replaced') send(res, 200, { success: true, error: false, message: '', data: { access_token: 'fresh' } });
        else if (refreshWorks && bearer(req) === 'the-refresh-token') send(res, 200, { success: true, error: false, message: '', data: { access_token: 'fresh', refresh_token: 'the-next-refresh-token' } });
        else send(res, 401, { success: false, error: true, message: 'Your session has ended. Please log in again.', data: null });
      }, 50);
      return;
    }
    seen.push(`${req.url} ${bearer(req)}`);
    if (bearer(req) !== 'fresh' || req.url === '/api/always-401') return send(res, 401, { success: false, error: true, message: 'Please log in to continue.', data: null });
    send(res, 200, { success: true, error: false, message: '', data: { path: req.url } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The client calls /api/... relative to the page; here the page's origin is the test server.
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(new URL(input, base), init));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  refreshCalls = 0;
  refreshWorks = true;
  seen.length = 0;
  tokens.set('old', 'the-refresh-token');
});

describe('authRequest refresh queue', () => {
  it('two concurrent 401s make one refresh call and both are replayed with the new token', async () => {
    const [a, b] = await Promise.all([authRequest('cart/get-cart-items'), authRequest('address/get-address')]);
    expect(refreshCalls).toBe(1);
    expect(a.data).toEqual({ path: '/api/cart/get-cart-items' });
    expect(b.data).toEqual({ path: '/api/address/get-address' });
    expect(seen.filter((s) => s.endsWith(' fresh')).sort()).toEqual(['/api/address/get-address fresh', '/api/cart/get-cart-items fresh']);
    expect(tokens.access()).toBe('fresh');
    // The rotated refresh token replaces the sent one, which the server would now take for a stolen copy.
    expect(tokens.refresh()).toBe('the-next-refresh-token');
  });

  it('waits for another tab refreshing (Web Locks) and uses the tokens it stored, without a second refresh', async () => {
    // The browser's lock manager, as a FIFO: another tab holds the lock and stores its new tokens before letting go.
    let queue = Promise.resolve();
    const locks = {
      request: (_name: string, work: () => Promise<unknown>) => {
        const run = queue.then(work);
        queue = run.then(
          () => undefined,
          () => undefined,
        );
        return run;
      },
    };
    const realNavigator = globalThis.navigator;
    vi.stubGlobal('navigator', { locks });
    try {
      let release!: () => void;
      const otherTab = locks.request('haat-token-refresh', () => new Promise<void>((resolve) => (release = resolve)));
      const call = authRequest('cart/get-cart-items');
      await new Promise((resolve) => setTimeout(resolve, 100));
      tokens.set('fresh', 'the-next-refresh-token');
      release();
      await otherTab;
      expect((await call).data).toEqual({ path: '/api/cart/get-cart-items' });
      expect(refreshCalls).toBe(0);
      expect(tokens.refresh()).toBe('the-next-refresh-token');
    } finally {
      vi.stubGlobal('navigator', realNavigator);
    }
  });

  it('keeps the stored refresh token when the answer has none (a sibling tab rotated it within the grace)', async () => {
    tokens.set('old', 'just-replaced');
    expect((await authRequest('cart/get-cart-items')).data).toEqual({ path: '/api/cart/get-cart-items' });
    expect(tokens.access()).toBe('fresh');
    expect(tokens.refresh()).toBe('just-replaced');
  });

  it('when the refresh fails, both tokens go and the error is passed on to every waiting call', async () => {
    refreshWorks = false;
    const results = await Promise.allSettled([authRequest('one'), authRequest('two')]);
    expect(refreshCalls).toBe(1);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      const err = (r as PromiseRejectedResult).reason as ApiError;
      expect(err).toBeInstanceOf(ApiError);
      expect(err.status).toBe(401);
      expect(err.message).toBe('Your session has ended. Please log in again.');
    }
    expect(tokens.access()).toBeNull();
    expect(tokens.refresh()).toBeNull();
  });

  it('refreshes only once per request: a replay that gets 401 again is passed on', async () => {
    const err = await authRequest('always-401').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(refreshCalls).toBe(1);
    expect(seen).toEqual(['/api/always-401 old', '/api/always-401 fresh']);
  });
});
