import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support';
import { buildWorld, describeRes, requestFor, samples } from './world';

describe('personal answers are never kept by a cache (issue 41)', () => {
  const t = useTestApp();

  it('every signed-in GET (get-user, cart, orders, addresses, the admin’s lists, staff) answers Cache-Control: no-store; the public catalogue keeps its own', async () => {
    const w = await buildWorld(t);
    const known = await samples(w);
    const checked: string[] = [];
    for (const route of t.app.routeTable) {
      if (route.method !== 'GET' || (route.access !== 'admin' && route.access !== 'user')) continue;
      const sample = known[`${route.method} ${route.url}`];
      if (!sample) continue; // the matrix test names routes without a sample
      const res = await t.api().request(requestFor(route.method, route.url, sample, route.access === 'admin' ? w.admin.auth : w.userA.auth));
      // Some answer 4xx here (Pathao not set up): refusals are no more cacheable than answers.
      expect({ route: route.url, got: describeRes(res) }).toMatchObject({ got: expect.stringMatching(/^[24]\d\d /) });
      expect({ route: route.url, cache: res.headers['cache-control'] }).toEqual({ route: route.url, cache: 'no-store' });
      checked.push(route.url);
    }
    expect(checked).toEqual(expect.arrayContaining(['/api/user/get-user', '/api/cart/get-cart-items', '/api/address/get-address', '/api/order/get-all-order', '/api/staff']));
    expect(checked.length).toBeGreaterThan(15);
    // A refused request of a signed-in route is no more cacheable.
    expect((await t.api().get('user/get-user')).headers['cache-control']).toBe('no-store');

    // Public catalogue reads are shared and keep their short public max-age and ETag.
    const categories = await t.api().get('category/get-category');
    expect(categories.statusCode).toBe(200);
    expect(categories.headers['cache-control']).toBe('public, max-age=30');
    expect(categories.headers.etag).toBeTruthy();
  });
});
