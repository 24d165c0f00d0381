import { formatTaka } from '@haat/shared/money';
import { discountedPrice } from '@haat/shared/pricing';
import { productPath } from '@haat/shared/slug';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Installable, and it works on a flaky network (issue 14, docs/decisions/0040).
 * The service worker installs after the first page has loaded; from then on
 * the pages and products a shopper opens are kept, and open offline.
 */
interface Seeded {
  _id: string;
  name: string;
  price: number;
  discount: number;
  stock: number;
}

/** Resolves once the shop's service worker controls the page (clientsClaim makes it the first one's too). */
const serviceWorkerControls = (page: Page) =>
  page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });

test('a product seen once opens offline, one never seen says so, and a guest can still fill the cart', async ({ page, context, request }) => {
  const listed: Seeded[] = (await (await request.get('/api/product/get-all-products?page=1&limit=50')).json()).data;
  const [seen, unseen] = listed.filter((p) => p.stock > 2);

  // The first visit: the product page loads, then the worker installs and takes over, and is
  // handed the URLs the page loaded before it existed (lib/serviceWorker.ts).
  await page.goto(productPath(seen!));
  await expect(page.getByRole('heading', { level: 1, name: seen!.name })).toBeVisible();
  await expect(page.locator('article img').first()).toBeVisible();
  await serviceWorkerControls(page);
  await page.waitForFunction(async (id) => {
    const kept = await (await caches.open('haat-catalogue')).keys();
    return kept.some((r) => r.url.includes('get-product-details') && r.url.includes(id));
  }, seen!._id);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: seen!.name })).toBeVisible();
  await expect(page.getByTestId('product-price')).toHaveText(formatTaka(discountedPrice(seen!.price, seen!.discount)));
  await expect(page.getByText('You are offline. Pages you have already opened still work.')).toBeVisible();
  // Its picture came from the worker's image cache.
  await expect.poll(() => page.locator('article img').first().evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);

  // The guest cart lives in the browser: adding works without a network.
  await page.getByRole('button', { name: 'Add To Cart' }).first().click();
  await expect(page.getByTestId('cart-button-summary')).toContainText(`1 Items`);

  // A product never opened on this device: the offline page, not an endless skeleton.
  await page.goto(productPath(unseen!));
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByText('This page has not been saved on this device yet.')).toBeVisible();

  // The cart page's code was precached; its lines come from localStorage.
  await page.goto('/cart');
  await expect(page.getByText(seen!.name).first()).toBeVisible();

  // Back online, the page that could not load now does.
  await context.setOffline(false);
  await page.goto(productPath(unseen!));
  await expect(page.getByRole('heading', { level: 1, name: unseen!.name })).toBeVisible();
});

test('the cart, checkout, account and delivery fees are never kept by the service worker', async ({ page, account, login }) => {
  await page.goto('/');
  await serviceWorkerControls(page);
  // A signed-in shopper's pages ask for the user, the server cart, addresses and the delivery fees.
  await login(account.email, account.password);
  for (const path of ['/cart', '/checkout', '/dashboard/address', '/dashboard/orders', '/dashboard/profile']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });
  const api = kept.filter((u) => u.startsWith('/api/'));
  expect(api.length, 'the catalogue reads of the pages above were kept').toBeGreaterThan(0);
  // Only the catalogue reads of vite.config.ts's list: nothing a price at checkout could come from.
  const catalogue = /^\/api\/(product\/get-product-details|product\/get-product-by-id|product\/get-product-by-category-and-subcategory|category\/get-category|subcategory\/get-subcategories|shop-info)$/;
  expect(api.filter((u) => !catalogue.test(u))).toEqual([]);
});

test('a link that chooses the language is kept once the worker serves the pages', async ({ page, context }) => {
  await page.goto('/');
  await serviceWorkerControls(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // A shared link, or the toggle's form sent before the scripts ran: the server keeps the choice, not the cached shell.
  await page.goto('/?lang=bn');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  expect((await context.cookies()).find((c) => c.name === 'haat.lang')?.value).toBe('bn');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
});

test('Chrome finds the shop installable', async ({ page }) => {
  await page.goto('/');
  await serviceWorkerControls(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's contexts are incognito, which alone stops an install; scripts/pwa-check.mjs runs a normal profile.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  const { errors } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
});
