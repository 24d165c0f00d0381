import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { useDemoShop } from './demo-shop';
import { LIBFAKETIME } from './shop';
import { formatTaka } from '../packages/shared/src/money';
import { addGuestAddress, ADMIN, agreeToTerms, expect, login, setCodRule, smsTexts, test, watchErrors } from './fixtures';

/**
 * Issue 45 (decisions 0117, 0131): a checkout left with a mobile gets its recovery SMS after the owner's delay; its
 * link reopens the cart and address on another device (in Bangla), the order is placed, and the owner's page shows
 * the SMS sent, opened and recovered with the revenue, in English and Bangla.
 *
 * The shop's clock must move by the owner's delay (an hour at the least) and stay out of the quiet hours (21:00–09:00
 * Dhaka time), so this spec runs a shop of its own under libfaketime reading its offset from a file it re-reads every
 * second (FAKETIME_TIMESTAMP_FILE): it starts at the next 10:00 in Dhaka and is moved an hour on. Monotonic time is
 * left alone, so the shop's timers keep their pace. The browsers keep the real time: nothing they show depends on it.
 */
// Made when the spec's shop starts (not when Playwright loads the file to list it), removed after it.
let clockDir = '';
let clockFile = '';
const HOUR_S = 3600;
/** Seconds from now to the next 10:00 Dhaka time (04:00 UTC) at least ten minutes away. */
function toDhakaMorning(): number {
  const now = Date.now();
  const at = new Date(now);
  at.setUTCHours(4, 0, 0, 0);
  while (at.getTime() < now + 10 * 60_000) at.setUTCDate(at.getUTCDate() + 1);
  return Math.round((at.getTime() - now) / 1000);
}
const offset = toDhakaMorning();

const shop = useDemoShop('recovery', async () => {
  clockDir = mkdtempSync(path.join(tmpdir(), 'haat-recovery-clock-'));
  clockFile = path.join(clockDir, 'faketime');
  writeFileSync(clockFile, `+${offset}`);
  return () => ({
  LD_PRELOAD: LIBFAKETIME,
  FAKETIME_TIMESTAMP_FILE: clockFile,
  FAKETIME_CACHE_DURATION: '1',
  FAKETIME_DONT_FAKE_MONOTONIC: '1',
  });
});
test.afterAll(() => {
  if (clockDir) rmSync(clockDir, { recursive: true, force: true });
});

type Product = { _id: string; name: string; name_bn: string; stock: number; price: number; options?: unknown[] };

async function newContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({ baseURL: shop.origin, ...options });
  return { context, errors: watchErrors(context) };
}

test('a left checkout gets its SMS after the owner’s delay; the link reopens it on a phone in Bangla, the order is placed and the owner sees it recovered', async ({ browser, playwright }, testInfo) => {
  test.setTimeout(300_000);
  const api = await playwright.request.newContext({ baseURL: shop.origin });
  // Signed in again after the clock moves: an access token lasts less than the hour it moves.
  const ownerAuth = async () => ({ authorization: `Bearer ${(await (await api.post('/api/user/login', { data: ADMIN })).json()).data.access_token as string}` });
  const owner = await ownerAuth();
  // The owner turns recovery on: the first SMS an hour after the checkout.
  expect((await api.put('/api/recovery/settings', { headers: owner, data: { on: true, delays_hours: [1, 24, 72], voucher_taka: 0, voucher_min_subtotal: 0 } })).status()).toBe(200);
  // Cash on delivery without the SMS code step, whatever the demo's rule (the code step has its own spec).
  await setCodRule(api, { mode: 'never', risk: 'high', above: 5000 });
  const list = await api.post('/api/product/get-all-products', { data: { page: 1, limit: 40, search: '' } });
  const product = ((await list.json()).data as Product[]).find((p) => p.stock >= 5 && p.name_bn && !p.options?.length)!;
  const mobile = `017${String(Date.now()).slice(-8)}`;

  // A guest puts it in the cart, types a delivery address with the mobile at checkout, and leaves.
  const first = await newContext(browser);
  const page = await first.context.newPage();
  await page.goto(`/product/p-${product._id}`);
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByText('Add To Cart Successfully.').first()).toBeVisible();
  await page.goto('/checkout');
  await addGuestAddress(page, { name: 'Nasrin Akter', addressLine: 'Flat 3B, Road 7, Gulshan', mobile });
  const incomplete = async () => ((await (await api.get('/api/order/incomplete', { headers: owner })).json()).data as { mobile: string }[]).map((e) => e.mobile);
  await expect.poll(incomplete).toContain(mobile);
  await first.context.close();
  expect(first.errors).toEqual([]);

  // Before the delay nothing goes; an hour and a few minutes on (10:00 → past 11:00 in Dhaka), the sweep texts it.
  expect(smsTexts(mobile, shop.dataDir)).toEqual([]);
  writeFileSync(clockFile, `+${offset + HOUR_S + 5 * 60}`);
  await expect.poll(() => smsTexts(mobile, shop.dataDir), { timeout: 150_000, intervals: [2000] }).toHaveLength(1);
  const [sms] = smsTexts(mobile, shop.dataDir);
  expect(sms).toMatch(/^Haat: আপনার কার্টের পণ্যগুলো রাখা আছে। অর্ডার শেষ করুন: http\S+\/recover\/[\w-]+ \(এসএমএস বন্ধ করতেও এই লিংক\)$/);
  const link = new URL(/(http\S+\/recover\/[\w-]+)/.exec(sms!)![1]!);

  // The link on a phone, in Bangla: the cart and the address are back, and the order is placed.
  const phone = await newContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.context.addCookies([{ name: 'haat.lang', value: 'bn', url: shop.origin }]);
  const buyer = await phone.context.newPage();
  await buyer.goto(link.pathname);
  await expect(buyer.getByText('আপনার কার্ট ও ডেলিভারি ঠিকানা ফিরে এসেছে। প্রস্তুত হলে অর্ডার শেষ করুন।')).toBeVisible();
  await buyer.screenshot({ path: testInfo.outputPath('recovery-link-bn.png'), fullPage: true });
  await buyer.getByRole('link', { name: 'চেকআউটে যান' }).click();
  await expect(buyer.getByText(product.name_bn).first()).toBeVisible();
  await buyer.getByRole('radio', { name: /Gulshan/ }).check();
  await agreeToTerms(buyer, 'bn');
  await buyer.getByRole('button', { name: 'ক্যাশ অন ডেলিভারি' }).click();
  await expect(buyer.getByRole('heading', { name: 'অর্ডার সফল হয়েছে!' })).toBeVisible();
  await phone.context.close();
  expect(phone.errors).toEqual([]);

  const orders = (await (await api.get('/api/order/get-all-order', { headers: await ownerAuth() })).json()).data as { guest_user_delivery_address: { mobile: string } | null; total_amount: number }[];
  const placed = orders.filter((o) => o.guest_user_delivery_address?.mobile === mobile);
  expect(placed).toHaveLength(1);
  const total = placed[0]!.total_amount;

  // The owner's page: this week, one sent, one opened, one recovered, and its revenue; in English, then Bangla.
  const desk = await newContext(browser);
  const ownerPage = await desk.context.newPage();
  await login(ownerPage, ADMIN.email, ADMIN.password);
  await ownerPage.goto('/dashboard/recovery');
  const weeks = ownerPage.getByRole('table').first();
  await expect(weeks.getByRole('columnheader')).toHaveText(['Week of', 'Sent', 'Opened', 'Recovered', 'Revenue']);
  const row = weeks.getByRole('row').nth(1);
  await expect(row.getByRole('cell')).toHaveText([/.+/, '1', '1', '1', formatTaka(total)]);
  await ownerPage.screenshot({ path: testInfo.outputPath('recovery-owner-en.png'), fullPage: true });
  await desk.context.addCookies([{ name: 'haat.lang', value: 'bn', url: shop.origin }]);
  await ownerPage.reload();
  await expect(weeks.getByRole('columnheader')).toHaveText(['সপ্তাহ শুরু', 'পাঠানো', 'খোলা হয়েছে', 'ফেরত এসেছে', 'আয়']);
  await expect(row.getByRole('cell')).toHaveText([/.+/, '১', '১', '১', formatTaka(total)]);
  await ownerPage.screenshot({ path: testInfo.outputPath('recovery-owner-bn.png'), fullPage: true });
  await desk.context.close();
  expect(desk.errors).toEqual([]);
  await api.dispose();
});
