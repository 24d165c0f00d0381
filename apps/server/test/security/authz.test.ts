import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../src/lib/auth';
import { useTestApp } from '../support';
import { buildWorld, describeRes, requestFor, samples, snapshot, type World } from './world';

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;

/**
 * Issue 8, "Authorisation matrix": every admin-only and user-only route of the
 * server's own route table, with seven kinds of bad token. Each is refused and
 * the database does not change.
 */
describe('authorisation matrix', () => {
  const t = useTestApp();

  /** Tokens that must never pass a guard. All but "user" claim to be the admin. */
  async function forgedTokens(w: World) {
    const key = new TextEncoder().encode(t.config.JWT_SECRET);
    const claims = { typ: 'access', sid: w.adminSession.id };
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(w.admin.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(w.admin.id)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('another-key-that-is-not-the-shops-secret-0123'));
    // A USER's real token with its payload edited to name the admin and the ADMIN role; the signature is the user's.
    const [head, body, sig] = w.userA.token.split('.');
    const edited = `${head}.${b64({ ...decode(body!), role: 'ADMIN', sub: w.admin.id, sid: w.adminSession.id })}.${sig}`;
    const now = Math.floor(Date.now() / 1000);
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub: w.admin.id, iat: now, exp: now + 900 })}.`;
    // Signed with the right key, but for a session that never existed.
    const noSession = await signAccessToken(t.config, w.admin.id, 'nosuchsession123');
    return {
      'no token': null,
      "a USER's token": w.userA.token,
      'an expired token': expired,
      'a token signed with another key': otherKey,
      'a token whose role claim was edited': edited,
      'a refresh token as the bearer': w.adminSession.refresh,
      'alg: none': algNone,
      'a token without a live session': noSession,
    };
  }

  it('refuses every bad token on every admin-only and user-only route, and changes nothing', async () => {
    const w = await buildWorld(t);
    const table = t.app.routeTable;
    const known = await samples(w);
    const missing = table.filter((r) => !known[`${r.method} ${r.url}`]).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes without a sample request in test/security/world.ts').toEqual([]);

    // Public routes are a fixed list: a new unguarded route fails here until someone decides it is public.
    expect(table.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        'GET /api/health',
        ...['', '/json', '/yaml', '/static/index.html', '/static/swagger-initializer.js', '/static/*'].map((p) => `GET /api/docs${p}`),
        'GET /api/shop-info',
        'GET /api/delivery-settings',
        'GET /api/promotion/offers',
        'GET /api/payment/bkash/callback',
        // Nagad sends the shopper back without a session: only its verify API settles (decision 0128).
        'GET /api/payment/nagad/callback',
        // SSLCommerz sends the shopper back and calls the IPN without a session: only its validation API settles (decision 0120).
        ...['success', 'fail', 'cancel', 'ipn'].map((via) => `POST /api/payment/sslcommerz/${via}`),
        'POST /api/user/register',
        'POST /api/user/login',
        'POST /api/user/refresh-token',
        'POST /api/user/logout',
        'PUT /api/user/forgot-password',
        'PUT /api/user/verify-otp',
        'PUT /api/user/send-login-code',
        'PUT /api/user/login-with-code',
        'POST /api/user/otp/send',
        'POST /api/user/otp/verify',
        'PUT /api/user/update-password',
        'GET /api/category/get-category',
        'GET /api/subcategory/get-subcategories',
        ...['get-all-products', 'get-product-by-id', 'get-product-by-category-and-subcategory', 'get-product-details'].flatMap((p) => [
          `GET /api/product/${p}`,
          `POST /api/product/${p}`,
        ]),
        'GET /uploads/*',
        // Couriers call the webhooks with their own secret (checked in the route); shoppers track with order id + mobile.
        'POST /api/courier/steadfast/webhook',
        'POST /api/courier/pathao/webhook',
        'POST /api/courier/redx/webhook',
        'POST /api/courier/paperfly/webhook',
        'GET /api/order/track',
        // The policy pages are the shop's public text; anyone may complain (rate limited, validated; decision 0077).
        'GET /api/shop/pages',
        'GET /api/shop/pages/:slug',
        'POST /api/complaint',
        // A guest's return, by order number and mobile as /track finds the order (issue 27), and the shop's return window.
        'POST /api/track/returnable',
        'POST /api/track/returns',
        'GET /api/return-window',
        // A chat order's link (issue 45): the buyer opens and confirms it by its unguessable token (rate limited).
        'GET /api/chat-links/by-token/:token',
        'POST /api/chat-links/by-token/:token/order',
        // The Meta Pixel and GA4 ids the browser loads the tags with after consent (no token, decision 0119).
        'GET /api/ads/public',
        // The SMS gateway's forwarded replies (decision 0131): its own shared secret, not a user's token.
        'POST /api/sms/inbound',
        // A product's published reviews, and a guest's code and proof of an order's mobile (issue 47): rate limited, and the OTP core's caps.
        'GET /api/reviews/product/:id',
        'POST /api/reviews/code',
        'POST /api/reviews/verify',
        // The checkout reports the cart of a typed mobile (issue 26): rate limited, validated, one row per mobile.
        'POST /api/order/incomplete',
        // The SMS code confirming a COD order's mobile (issue 26): rate limited, and the OTP core's caps.
        'POST /api/order/cod-confirm/send',
        // The recovery SMS's link (issue 45): rate limited, validated; a link is a 24-byte secret.
        'POST /api/recovery/open',
        'POST /api/recovery/stop',
        // Crawlers and Meta's catalogue fetch these (docs/decisions/0039).
        'GET /robots.txt',
        'GET /sitemap.xml',
        'GET /sitemaps/:file',
        'GET /feeds/meta.csv',
      ].sort(),
    );

    const guarded = table.filter((r) => r.access === 'admin' || r.access === 'user');
    const tokens = await forgedTokens(w);
    const before = await snapshot(t);
    let tried = 0;
    for (const route of guarded) {
      for (const [kind, token] of Object.entries(tokens)) {
        // A USER's own token is fine on a user route.
        if (kind === "a USER's token" && route.access === 'user') continue;
        const res = await t.api().request(requestFor(route.method, route.url, known[`${route.method} ${route.url}`]!, token ? { authorization: `Bearer ${token}` } : {}));
        tried++;
        const expected = kind === "a USER's token" ? 403 : 401;
        expect({ route: `${route.method} ${route.url}`, kind, got: describeRes(res) }).toMatchObject({ got: expect.stringMatching(new RegExp(`^${expected} `)) });
        expect(res.json().data, `${route.url} ${kind}`).toBeNull();
      }
    }
    expect(await snapshot(t)).toEqual(before);
    expect(guarded.filter((r) => r.access === 'admin').length).toBeGreaterThanOrEqual(13);
    expect(guarded.filter((r) => r.access === 'user').length).toBeGreaterThanOrEqual(11);
    console.info(`authorisation matrix: ${guarded.length} guarded routes of ${table.length}, ${tried} refused requests`);
  });

  /**
   * Ownership: shopper A sends every route that takes an id with shopper B's
   * ids. Nothing of B's is answered or changed.
   */
  it("never lets a shopper read or change another shopper's rows", async () => {
    const w = await buildWorld(t);
    const a = w.userA.auth;
    const bMarkers = ['B-secret lane 9', '01899999999', w.addressB, w.cartB, w.orderB, w.userB.id];
    const probes: { route: string; method: string; url: string; payload?: object }[] = [
      { route: 'POST /api/address/edit-address', method: 'POST', url: '/api/address/edit-address', payload: { id: w.addressB, address_line: 'Taken over', city: 'Dhaka', mobile: '01700000000' } },
      { route: 'PUT /api/address/edit-address', method: 'PUT', url: '/api/address/edit-address', payload: { id: w.addressB, address_line: 'Taken over', city: 'Dhaka', mobile: '01700000000' } },
      { route: 'DELETE /api/address/delete-address', method: 'DELETE', url: '/api/address/delete-address', payload: { id: w.addressB } },
      { route: 'POST /api/cart/update-cart-items', method: 'POST', url: '/api/cart/update-cart-items', payload: { id: w.cartB, quantity: 0 } },
      { route: 'POST /api/cart/update-cart-items', method: 'POST', url: '/api/cart/update-cart-items', payload: { id: w.cartB, quantity: 5 } },
      // Ordering to B's address, as A and as a guest.
      { route: 'POST /api/order', method: 'POST', url: '/api/order', payload: { method: 'CASH-ON-DELIVERY', addressId: w.addressB, list_items: [{ product_id: w.productId, quantity: 1 }] } },
      // Previewing the advance to B's address (decision 0130): B's address is neither read nor told.
      { route: 'POST /api/order/advance', method: 'POST', url: '/api/order/advance', payload: { addressId: w.addressB, list_items: [{ product_id: w.productId, quantity: 1 }] } },
      // B's order's returns (issue 27): neither read nor asked for.
      { route: 'GET /api/order/:id/returnable', method: 'GET', url: `/api/order/${w.orderB}/returnable` },
      { route: 'POST /api/order/:id/returns', method: 'POST', url: `/api/order/${w.orderB}/returns`, payload: { request: '{}' } },
      // Reviewing B's order line, editing or voting on B's review (issue 47; reviews.test.ts probes them with real rows).
      { route: 'POST /api/reviews', method: 'POST', url: '/api/reviews', payload: { review: '{}' } },
      { route: 'PATCH /api/reviews/:id', method: 'PATCH', url: '/api/reviews/nosuchreview1', payload: { rating: 1 } },
      { route: 'POST /api/reviews/:id/helpful', method: 'POST', url: '/api/reviews/nosuchreview1/helpful' },
      // Claiming B's mobile without B's texted code (issue 26).
      { route: 'POST /api/user/mobile/verify', method: 'POST', url: '/api/user/mobile/verify', payload: { mobile: '01899999999', otp: '123456' } },
    ];
    // Routes that take no id of another user's: they answer only the caller's own rows (checked below by reading).
    const ownRowsOnly = [
      'GET /api/cart/get-cart-items',
      'POST /api/cart/add-to-cart',
      'GET /api/order/get-order',
      'GET /api/user/get-user',
      'PUT /api/user/update-user',
      'PUT /api/user/upload-avatar',
      'GET /api/address/get-address',
      'POST /api/address/add-address',
      // A quote reads the caller's cart lines as sent and counts uses by the caller's account (issue 22).
      'POST /api/promotion/quote',
      // Texts a code to the number given; nothing of anyone's is read or changed (issue 26).
      'POST /api/user/mobile/send',
      // Asks one SMS for a sold-out variant, to the number given or the caller's own account's (issue 45).
      'POST /api/stock-alert',
      // The caller's own wishlist (issue 45): every row is keyed by the caller's id; a variant id names no one's row.
      'GET /api/wishlist',
      'POST /api/wishlist',
      'POST /api/wishlist/merge',
      'DELETE /api/wishlist/:variantId',
      // The caller's own delivered lines (by account, or by the proof of a mobile; issue 47).
      'GET /api/reviews/mine',
      // The server's copy of a Pixel event (decision 0131): the caller's own account's mobile and e-mail, hashed, or none.
      'POST /api/ads/events',
    ];
    const userRoutes = t.app.routeTable.filter((r) => r.access === 'user' || r.access === 'optional').map((r) => `${r.method} ${r.url}`);
    expect(userRoutes.filter((r) => !probes.some((p) => p.route === r) && !ownRowsOnly.includes(r)), 'user routes without an ownership probe').toEqual([]);

    const before = await snapshot(t);
    for (const p of probes) {
      for (const headers of [a, {}]) {
        const res = await t.api().send(p.method as 'POST', p.url, p.payload, { headers });
        expect(res.statusCode, `${p.route} ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${p.route} ${res.body}`).toBeLessThan(500);
        for (const m of bMarkers.slice(0, 2)) expect(res.body, p.route).not.toContain(m);
      }
    }
    expect(await snapshot(t)).toEqual(before);
    for (const url of ['/api/cart/get-cart-items', '/api/order/get-order', '/api/user/get-user', '/api/address/get-address']) {
      const res = await t.api().get(url, { headers: a });
      expect(res.statusCode, url).toBe(200);
      for (const m of bMarkers) expect(res.body, `${url} holds ${m}`).not.toContain(m);
    }
    // Admin-only order routes with a USER's token: refused (the matrix), and an unknown id answers 404 to the admin, not 500.
    const unknown = await t.api().as(w.admin).patch('order/update-status/nosuchorder1', { status: 'Delivered' });
    expect(unknown.statusCode).toBe(404);
  });
});
