import { ADMIN, expect, test } from './fixtures';
import sharp from 'sharp';

/**
 * Issue 8, item 2: the shop works under its Content-Security-Policy. A walk
 * through the shopper's and the admin's pages (toasts, product images, an
 * image preview from a blob: URL) raises no CSP violation.
 */
test('the shop raises no Content Security Policy violation on a walk through its pages', async ({ page, login }) => {
  test.setTimeout(120_000);
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(msg.text())) violations.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });

  const home = await page.goto('/');
  const csp = home!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(home!.headers()['x-content-type-options']).toBe('nosniff');

  // Shopper: home with product images, a product page, search, the cart.
  await expect(page.locator('img[src^="/uploads/"]').first()).toBeVisible();
  await page.locator('a[href^="/product/"]').first().click();
  await expect(page.getByRole('button', { name: /Add To Cart/i }).first()).toBeVisible();
  await page.getByRole('button', { name: /Add To Cart/i }).first().click();
  await page.goto('/search-page?q=sams');
  await page.goto('/cart');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();

  // Admin: a toast on login (its styles are injected at run time), the dashboard pages, a blob: preview.
  await login(ADMIN.email, ADMIN.password);
  for (const path of ['category', 'sub-category', 'products', 'my-order', 'delivery-setting', 'profile', 'address', 'orders']) {
    await page.goto(`/dashboard/${path}`);
    await expect(page.locator('main')).toBeVisible();
  }
  await page.goto('/dashboard/upload-product');
  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
  await page.getByLabel('Upload Image').first().setInputFiles({ name: 'preview.png', mimeType: 'image/png', buffer: png });
  await expect(page.locator('img[src^="blob:"]').first()).toBeVisible();

  expect(violations).toEqual([]);
});
