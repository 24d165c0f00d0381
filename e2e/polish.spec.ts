import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from './fixtures';

/**
 * Issue 10's shopper polish in a real browser: the cart at quantity 0 on a
 * wide screen, the home row's arrows and category strip, legible old prices,
 * a clean console on direct loads, and a guest on an admin page.
 */

/** WCAG contrast of an element's text colour on the nearest opaque background. */
async function contrastOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).first().evaluate((el) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    let bgEl: Element | null = el;
    let bg = 'rgb(255, 255, 255)';
    while (bgEl) {
      const c = getComputedStyle(bgEl).backgroundColor;
      const parts = rgb(c);
      if (parts.length === 3 || (parts.length === 4 && parts[3] === 1)) {
        bg = c;
        break;
      }
      bgEl = bgEl.parentElement;
    }
    const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(rgb(bg))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

test.describe('desktop 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('home: arrows move the row exactly 200 px and overlap no card; the category strip fills its columns', async ({ page }) => {
    await page.goto('/');
    const row = page.getByTestId('category-row').first();
    await expect(row.locator('a').first()).toBeVisible();
    const right = page.getByRole('button', { name: /^Scroll .* right$/ }).first();
    await right.click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBe(200);
    await right.click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBe(400);
    await page.getByRole('button', { name: /^Scroll .* left$/ }).first().click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBe(200);

    // Neither arrow covers any part of the row's visible area.
    const rowBox = (await row.boundingBox())!;
    for (const arrow of [right, page.getByRole('button', { name: /^Scroll .* left$/ }).first()]) {
      const box = (await arrow.boundingBox())!;
      const overlaps = box.x < rowBox.x + rowBox.width && box.x + box.width > rowBox.x;
      expect(overlaps).toBe(false);
    }

    // The last category tile ends at the strip's right edge.
    const strip = page.getByRole('region', { name: 'Categories' });
    const stripBox = (await strip.boundingBox())!;
    const last = (await strip.locator('a').last().boundingBox())!;
    expect(stripBox.x + stripBox.width - (last.x + last.width)).toBeLessThan(2);
  });

  test('old prices and discounts are at least 14 px with contrast of 4.5:1 or more', async ({ page }) => {
    await page.goto('/');
    const old = page.getByTestId('card-old-price').first();
    await expect(old).toBeVisible();
    expect(await old.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(14);
    expect(await contrastOf(page, '[data-testid="card-old-price"] s')).toBeGreaterThanOrEqual(4.5);
    expect(await contrastOf(page, '[data-testid="card-old-price"] span')).toBeGreaterThanOrEqual(4.5);
  });

  test('cart: lowering a line to 0 removes it, goes to / and reloads the page', async ({ page }) => {
    await page.goto('/');
    const card = page.getByTestId('category-row').first().locator('a').first();
    await card.click();
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByText('Add To Cart Successfully.').first()).toBeVisible();
    await page.goto('/cart');
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await expect(drawer.getByTestId('cart-line')).toHaveCount(1);
    // A marker on window survives client-side navigation, not a reload.
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await drawer.getByRole('button', { name: /^Decrease / }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload ?? false)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('guestCart'))).toBe('[]');
  });
});

test.describe('phone 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('cart: lowering a line to 0 removes it and stays on the cart', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('category-row').first().locator('a').first().click();
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByText('Add To Cart Successfully.').first()).toBeVisible();
    await page.goto('/cart');
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await drawer.getByRole('button', { name: /^Decrease / }).click();
    await expect(drawer.getByText('No items in your cart')).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
  });
});

test('direct loads of lazily loaded pages log no React Router warning', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
  for (const url of ['/login', '/register', '/checkout', '/dashboard/products', '/my-account']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
  }
  expect(messages.filter((m) => /HydrateFallback/.test(m))).toEqual([]);
});

test('a guest on an admin page goes to /login and back to the page after signing in', async ({ page }) => {
  await page.goto('/dashboard/upload-product');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard\/upload-product$/);
  await expect(page.getByLabel('Product Details', { exact: true })).toBeVisible();
});
