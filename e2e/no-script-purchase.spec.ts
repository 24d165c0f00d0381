import type { Browser, Page } from '@playwright/test';
import { expect, test, watchErrors } from './fixtures';

/**
 * Issue 39 (docs/decisions/0088): Add To Cart and Buy Now are a real form, so a tap on the server's
 * markup before the scripts have run (or with no JavaScript at all) is not lost: it lands on the cart
 * or checkout, which add the line once their scripts run.
 */

type Lang = 'en' | 'bn';
const words = {
  en: { add: 'Add To Cart', buy: 'Buy Now', adding: 'to your cart', wait: 'This page needs to finish loading', locale: 'en-US' },
  bn: { add: 'কার্টে যোগ করুন', buy: 'এখনই কিনুন', adding: 'আপনার কার্টে যোগ করা হচ্ছে', wait: 'এটি করতে পেজটির লোড হওয়া শেষ হতে হবে', locale: 'bn-BD' },
} as const;

/** A seeded product without options (nothing to choose), with a Bangla name, in stock; read from the API. */
async function aProduct(page: Page, skip = 0) {
  const res = await page.request.get('/api/product/get-all-products?page=1&limit=50');
  const candidates = ((await res.json()).data as { _id: string; name_bn: string; stock: number }[]).filter((x) => x.name_bn && x.stock > 1);
  let seen = 0;
  for (const c of candidates) {
    const details = (await (await page.request.get(`/api/product/get-product-details?productId=${c._id}`)).json()).data as { _id: string; name: string; name_bn: string; options?: unknown[] };
    if ((details.options ?? []).length > 0) continue;
    if (seen++ < skip) continue;
    return { id: details._id, path: `/product/${details._id}`, name: details.name, nameBn: details.name_bn };
  }
  throw new Error('no seeded product without options');
}

const nameIn = (p: { name: string; nameBn: string }, lang: Lang) => (lang === 'en' ? p.name : p.nameBn);

/** The page's language as the toggle leaves it: the cookie the server reads, the stored choice the browser reads. */
async function speak(page: Page, lang: Lang) {
  const baseURL = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: 'haat.lang', value: lang, url: baseURL }]);
  await page.context().addInitScript((l) => location.protocol.startsWith('http') && localStorage.setItem('haat.lang', l), lang);
}

/** Every script of the app arrives 5 s late: the server's markup is on screen, not yet live. */
async function slowScripts(page: Page) {
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 5000));
    await route.continue();
  });
}

async function withoutScripts(browser: Browser, lang: Lang) {
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: words[lang].locale });
  await context.addCookies([{ name: 'haat.lang', value: lang, url: baseURL }]);
  return { context, errors: watchErrors(context), page: await context.newPage() };
}

// The scripts come late on purpose: no service worker may answer them from its cache instead.
test.use({ serviceWorkers: 'block' });

for (const lang of ['en', 'bn'] as const) {
  test(`with JavaScript off, Add To Cart lands on the cart, which names the product and says the page must load (${lang})`, async ({ browser, page: api }) => {
    const product = await aProduct(api);
    const { context, errors, page } = await withoutScripts(browser, lang);
    await page.goto(product.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nameIn(product, lang));
    await page.getByRole('main').getByRole('button', { name: words[lang].add }).click();
    await expect(page).toHaveURL(new RegExp(`/cart\\?add=${product.id}&qty=1$`));
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const notice = page.getByTestId('purchase-notice');
    await expect(notice).toContainText(nameIn(product, lang));
    await expect(notice).toContainText(words[lang].adding);
    await expect(notice).toContainText(words[lang].wait);
    expect(errors).toEqual([]);
    await context.close();
  });

  test(`tapped before the scripts have run, Add To Cart fills the guest cart once and Buy Now lands on checkout (${lang})`, async ({ page }) => {
    const product = await aProduct(page, lang === 'en' ? 0 : 1);
    await speak(page, lang);
    await slowScripts(page);
    // 'commit': the markup is there; 'load' would wait for the late scripts.
    await page.goto(product.path, { waitUntil: 'commit' });
    await page.getByRole('main').getByRole('button', { name: words[lang].add }).click();
    // Sent as a form: a live button would have stayed on the product page.
    await expect(page).toHaveURL(new RegExp(`/cart\\?add=${product.id}&qty=1$`));
    await expect(page.getByTestId('purchase-notice')).toContainText(nameIn(product, lang));
    // Once the scripts run: the line is in the cart and the fields are out of the URL.
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1, { timeout: 30_000 });
    await expect(line).toContainText(nameIn(product, lang));
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('purchase-notice')).toHaveCount(0);
    // A reload adds nothing twice.
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByTestId('cart-line')).toHaveCount(1, { timeout: 30_000 });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('guestCart') ?? '[]') as { _id: string; quantity: number }[]);
    expect(stored.map((l) => [l._id, l.quantity])).toEqual([[product.id, 1]]);

    await page.goto(product.path, { waitUntil: 'commit' });
    await page.getByRole('main').getByRole('button', { name: words[lang].buy }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?add=${product.id}&qty=1$`));
    // Checkout orders that product alone (Buy Now), as the live button does.
    await expect(page.getByTestId('checkout-review')).toContainText(nameIn(product, lang), { timeout: 30_000 });
    await expect(page).toHaveURL(/\/checkout$/);
    // The cart is as it was.
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('guestCart') ?? '[]') as unknown[]).length)).toBe(1);
  });
}

test("a signed-in shopper's Add To Cart tapped before the scripts ran ends in the server cart", async ({ page, account, login }) => {
  const product = await aProduct(page, 2);
  await login(account.email, account.password);
  await slowScripts(page);
  await page.goto(product.path, { waitUntil: 'commit' });
  await page.getByRole('main').getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL(new RegExp(`/cart\\?add=${product.id}&qty=1$`));
  await expect(page.getByTestId('cart-line')).toContainText(product.name, { timeout: 30_000 });
  await expect(page).toHaveURL(/\/cart$/);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const cart = (await (await page.request.get('/api/cart/get-cart-items', { headers: { authorization: `Bearer ${token}` } })).json()).data as { quantity: number; product_id: { _id: string } }[];
  expect(cart.map((l) => [l.product_id._id, l.quantity])).toEqual([[product.id, 1]]);
  expect(await page.evaluate(() => localStorage.getItem('guestCart') ?? '[]')).toBe('[]');
});
