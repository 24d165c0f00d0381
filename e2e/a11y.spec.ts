import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { listingPath } from '@haat/shared/slug';
import { ADMIN, expect, login, test, unique, watchErrors } from './fixtures';

/**
 * Issue 19: axe-core on nineteen pages (twelve, and issue 44, 45 and 47's seven), in English and Bangla, on a phone (390 px)
 * and a desktop (1280 px). Any critical, serious or moderate violation fails
 * the page's test and is printed rule by rule with the elements it hit
 * (minor ones are left to review). Each combination is one page load in a
 * fresh context that reuses a signed-in state made once through the login form.
 */

type Who = 'guest' | 'shopper' | 'admin';
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const FAILING = new Set(['critical', 'serious', 'moderate']);

/** Settled when no skeleton pulses and no loading spinner spins (a page whose data never arrives fails here). */
async function settled(page: Page) {
  await expect(page.locator('.animate-pulse')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('.animate-spin')).toHaveCount(0, { timeout: 20_000 });
}

interface Target {
  name: string;
  who: Who;
  path: () => string;
  /** Waits until what the page is for is on screen. */
  ready: (page: Page) => Promise<void>;
}

// Filled by beforeAll from the seeded shop.
const shop = { productId: '', listing: '', orderId: '', orderIds: [] as string[] };

const TARGETS: Target[] = [
  {
    name: 'home',
    who: 'shopper',
    path: () => '/',
    // Rows further down load only when scrolled near; the first row's cards are enough.
    ready: async (page) => {
      await expect(page.getByTestId('category-skeleton')).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByTestId('category-row').first().getByRole('link').first()).toBeVisible({ timeout: 20_000 });
    },
  },
  { name: 'listing', who: 'shopper', path: () => shop.listing, ready: settled },
  // The product has a published review (beforeAll), so its reviews section shows the summary, the list and the vote.
  { name: 'product', who: 'shopper', path: () => `/product/p-${shop.productId}`, ready: async (page) => (await expect(page.getByTestId('review').first()).toBeVisible({ timeout: 20_000 }), settled(page)) },
  { name: 'search', who: 'shopper', path: () => '/search-page?search=shirt', ready: settled },
  { name: 'cart', who: 'shopper', path: () => '/cart', ready: async (page) => (await expect(page.getByTestId('bill-details')).toBeVisible(), settled(page)) },
  { name: 'checkout', who: 'shopper', path: () => '/checkout', ready: async (page) => (await expect(page.getByRole('radio').first()).toBeVisible(), settled(page)) },
  { name: 'login', who: 'guest', path: () => '/login', ready: async (page) => expect(page.locator('main form input').first()).toBeVisible() },
  { name: 'my orders', who: 'shopper', path: () => '/dashboard/orders', ready: async (page) => (await expect(page.getByTestId('my-order').first()).toBeVisible(), settled(page)) },
  { name: 'track', who: 'guest', path: () => `/track?orderId=${shop.orderId}`, ready: async (page) => expect(page.locator('main form input').first()).toBeVisible() },
  { name: 'admin dashboard', who: 'admin', path: () => '/dashboard', ready: async (page) => (await expect(page.locator('canvas').first()).toBeVisible({ timeout: 20_000 }), settled(page)) },
  { name: 'admin orders', who: 'admin', path: () => '/dashboard/my-order', ready: settled },
  { name: 'admin products', who: 'admin', path: () => '/dashboard/products', ready: settled },
  // Issue 47's pages: the buyer's review page (one review written, with Edit; one item's form), the owner's moderation.
  { name: 'review form', who: 'shopper', path: () => '/review', ready: async (page) => (await expect(page.getByTestId('own-review').first()).toBeVisible({ timeout: 20_000 }), await expect(page.locator('main form textarea').first()).toBeVisible(), settled(page)) },
  // The same page with the written review opened for editing (its stars, text and photo boxes).
  {
    name: 'review edit',
    who: 'shopper',
    path: () => '/review',
    ready: async (page) => {
      await page.getByTestId('own-review').first().getByRole('button').click();
      await expect(page.locator('main form textarea')).toHaveCount(2, { timeout: 20_000 });
      await settled(page);
    },
  },
  { name: 'moderation', who: 'admin', path: () => '/dashboard/reviews', ready: async (page) => (await expect(page.getByTestId('moderation-review').first()).toBeVisible({ timeout: 20_000 }), settled(page)) },
  // Issues 44 and 45's pages: courier settlements, checkout recovery (the owner's, and a stale SMS link's), the wishlist.
  { name: 'settlements', who: 'admin', path: () => '/dashboard/settlements', ready: async (page) => (await expect(page.locator('main h1').first()).toBeVisible(), settled(page)) },
  { name: 'recovery settings', who: 'admin', path: () => '/dashboard/recovery', ready: async (page) => (await expect(page.locator('main h1').first()).toBeVisible(), settled(page)) },
  { name: 'recovery link', who: 'guest', path: () => '/recover/no-such-link-0000000000000000', ready: async (page) => (await expect(page.getByRole('alert')).toBeVisible({ timeout: 20_000 }), settled(page)) },
  { name: 'wishlist', who: 'shopper', path: () => '/wishlist', ready: async (page) => (await expect(page.locator('main').getByRole('link').first()).toBeVisible({ timeout: 20_000 }), settled(page)) },
];

const states: Record<Who, StorageState> = { guest: { cookies: [], origins: [] }, shopper: { cookies: [], origins: [] }, admin: { cookies: [], origins: [] } };
let baseURL = '';

/** The signed-in (or guest) state with the shop's language chosen as the header's toggle would store it. */
function stateIn(who: Who, lang: 'en' | 'bn'): StorageState {
  const { cookies, origins } = states[who];
  const mine = origins.find((o) => o.origin === baseURL) ?? { origin: baseURL, localStorage: [] };
  const localStorage = [...mine.localStorage.filter((e) => e.name !== 'haat.lang'), { name: 'haat.lang', value: lang }];
  const { hostname } = new URL(baseURL);
  const cookie = { name: 'haat.lang', value: lang, domain: hostname, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' as const };
  return { cookies: [...cookies.filter((c) => c.name !== 'haat.lang'), cookie], origins: [...origins.filter((o) => o !== mine), { ...mine, localStorage }] };
}

async function signedIn(browser: Browser, email: string, password: string, prepare?: (page: Page, token: string) => Promise<void>) {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  await login(page, email, password);
  const token = (await page.evaluate(() => localStorage.getItem('access_token')))!;
  await prepare?.(page, token);
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * Playwright restarts the worker after a failed test, and with it beforeAll: the
 * shop made once is kept in a file for the run (registering again and again
 * would meet the register rate limit).
 */
function madeFile(testInfo: TestInfo) {
  return path.join(testInfo.project.outputDir, `a11y-setup-${process.env.E2E_PORT ?? 'default'}.json`);
}

// The file's 64 pages are shared out among the workers (it was the suite's slowest file, 5.8 min on one); each
// worker's beforeAll sets up its own shop, and the tests only read it.
test.describe.configure({ mode: 'parallel' });

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  baseURL = String(testInfo.project.use.baseURL);
  if (existsSync(madeFile(testInfo))) {
    Object.assign(shop, JSON.parse(readFileSync(madeFile(testInfo), 'utf8')).shop);
    Object.assign(states, JSON.parse(readFileSync(madeFile(testInfo), 'utf8')).states);
    return;
  }
  let deliveredId = '';
  const setup = await browser.newContext({ baseURL });
  const api = setup.request;
  const found = await (await api.post('/api/product/get-all-products', { data: { page: 1, limit: 20, search: 'T-Shirt' } })).json();
  const product = (found.data as { _id: string; stock: number }[]).find((p) => p.stock >= 5)!;
  shop.productId = product._id;
  const categories: { _id: string; name: string }[] = (await (await api.get('/api/category/get-category')).json()).data;
  const subs: { _id: string; name: string; category: { _id: string }[] }[] = (await (await api.get('/api/subcategory/get-subcategories')).json()).data;
  const sub = subs.find((s) => s.category.length > 0)!;
  shop.listing = listingPath(categories.find((c) => c._id === sub.category[0]!._id)!, sub);

  // A shopper with an address, one order (My Orders has a card) and a cart line (the cart, checkout and the phone's cart bar have content).
  const shopper = { email: unique('a11y'), password: 'secret123' };
  const registered = await api.post('/api/user/register', { data: { name: 'Rahima Akter', email: shopper.email, password: shopper.password, confirmPassword: shopper.password } });
  expect(registered.status()).toBe(201);
  await setup.close();
  states.shopper = await signedIn(browser, shopper.email, shopper.password, async (page, token) => {
    const headers = { authorization: `Bearer ${token}` };
    const address = await page.request.post('/api/address/add-address', { headers, data: { address_line: 'House 12, Road 4, Dhanmondi', city: 'Dhaka', mobile: '01712345678' } });
    expect(address.ok()).toBe(true);
    const addresses = (await (await page.request.get('/api/address/get-address', { headers })).json()).data as { _id: string }[];
    // Two orders, so the admin's list has two cards whose parts could repeat a landmark.
    for (let i = 0; i < 2; i++) {
      const order = await page.request.post('/api/order', {
        headers,
        data: { method: 'CASH-ON-DELIVERY', addressId: addresses[0]!._id, list_items: [{ product_id: shop.productId, quantity: 1 }] },
      });
      expect(order.status()).toBe(201);
      shop.orderIds.push((await order.json()).data._id);
      shop.orderId = (await order.json()).data.orderId;
    }
    expect((await page.request.post('/api/wishlist', { headers, data: { product_id: shop.productId } })).ok()).toBe(true);
    // A third order of three products, delivered: one reviewed (5 stars, published), one held (2 stars), one left for the form.
    const all = (await (await page.request.post('/api/product/get-all-products', { data: { page: 1, limit: 50, search: '' } })).json()).data as { _id: string; stock: number; options?: unknown[] }[];
    const others = all.filter((p) => p._id !== shop.productId && p.stock >= 5 && !p.options?.length).slice(0, 2);
    expect(others).toHaveLength(2);
    const three = [shop.productId, ...others.map((p) => p._id)].map((product_id) => ({ product_id, quantity: 1 }));
    const delivered = await page.request.post('/api/order', { headers, data: { method: 'CASH-ON-DELIVERY', addressId: addresses[0]!._id, list_items: three } });
    expect(delivered.status()).toBe(201);
    deliveredId = (await delivered.json()).data._id;
    // After the orders: an order is placed from the cart when it has lines.
    expect((await page.request.post('/api/cart/add-to-cart', { headers, data: { product_id: shop.productId, quantity: 1 } })).ok()).toBe(true);
  });
  // Delivered by the owner, then reviewed by the shopper: the product page, the review page and the moderation list have content.
  await signedIn(browser, ADMIN.email, ADMIN.password, async (page, token) => {
    expect((await page.request.patch(`/api/order/update-status/${deliveredId}`, { headers: { authorization: `Bearer ${token}` }, data: { status: 'Delivered' } })).ok()).toBe(true);
  });
  states.shopper = await signedIn(browser, shopper.email, shopper.password, async (page, token) => {
    const headers = { authorization: `Bearer ${token}` };
    const lines = (await (await page.request.get('/api/reviews/mine', { headers })).json()).data as { order_item_id: string; product_id: string }[];
    expect(lines.length, JSON.stringify(lines)).toBe(3);
    const reviewed = [lines.find((l) => l.product_id === shop.productId)!, lines.find((l) => l.product_id !== shop.productId)!];
    for (const [line, rating] of [[reviewed[0]!, 5], [reviewed[1]!, 2]] as const) {
      const res = await page.request.post('/api/reviews', { headers, multipart: { review: JSON.stringify({ order_item_id: line.order_item_id, rating, body: 'ভালো কাপড়, সময়মতো পেয়েছি।' }) } });
      expect(res.status()).toBe(201);
    }
  });
  // Both handed to a courier: the cards show their courier part, the dashboard its returns.
  states.admin = await signedIn(browser, ADMIN.email, ADMIN.password, async (page, token) => {
    const headers = { authorization: `Bearer ${token}` };
    const providers: { provider: string }[] = (await (await page.request.get('/api/courier/providers', { headers })).json()).data;
    const provider = providers.find((p) => p.provider !== 'pathao')!.provider;
    for (const id of shop.orderIds) expect((await page.request.post(`/api/order/${id}/courier`, { headers, data: { provider } })).ok()).toBe(true);
  });
  mkdirSync(testInfo.project.outputDir, { recursive: true });
  writeFileSync(madeFile(testInfo), JSON.stringify({ shop, states }));
});

for (const lang of ['en', 'bn'] as const) {
  for (const width of [390, 1280]) {
    for (const target of TARGETS) {
      test(`axe: ${target.name}, ${lang}, ${width} px`, async ({ browser }, testInfo) => {
        const context = await browser.newContext({
          baseURL,
          viewport: { width, height: width < 768 ? 844 : 800 },
          storageState: stateIn(target.who, lang),
          serviceWorkers: 'block',
        });
        const errors = watchErrors(context);
        try {
          const page = await context.newPage();
          await page.goto(target.path());
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await target.ready(page);
          const results = await new AxeBuilder({ page }).analyze();
          const failing = results.violations.filter((v) => FAILING.has(v.impact ?? ''));
          await testInfo.attach('axe-violations.json', { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
          // One line per page for the decision record's counts (grep 'axe-count'); minor ones are listed, not failed.
          const counts = (vs: typeof results.violations) => vs.map((v) => `${v.id}:${v.impact}:${v.nodes.length}`).join(' ') || 'none';
          console.log(`axe-count ${target.name} | ${lang} | ${width} | ${counts(failing)} | minor: ${counts(results.violations.filter((v) => !FAILING.has(v.impact ?? '')))}`);
          const report = failing
            .map((v) => {
              const nodes = v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`);
              return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'})\n${nodes.join('\n')}`;
            })
            .join('\n');
          expect(failing.map((v) => v.id), `axe violations on ${target.name} (${lang}, ${width} px):\n${report}`).toEqual([]);
          expect(errors, 'React or uncaught errors').toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
}
