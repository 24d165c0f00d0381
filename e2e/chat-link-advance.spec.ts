import type { APIRequestContext } from '@playwright/test';
import { formatTaka } from '@haat/shared/money';
import { chooseLanguage, expect, test } from './fixtures';
import { payAdvanceInBangla, useDemoShop } from './demo-shop';

/**
 * Issues 44 and 45 (decision 0130's amendment), in Bangla at phone width on the demo as `npm start` runs it (its own
 * bKash sandbox; the suite's shared servers have no bKash, so this spec starts a small demo shop as advance.spec.ts
 * does): staff make a chat order's link; the owner's rule asks first-time buyers the delivery charge first. The buyer
 * opens the link, types the address, sees what is paid now by bKash and on delivery before pressing Place order, is
 * sent to bKash's page for exactly the advance, pays, and sees the payment succeed; the order is then paid and the
 * rest is due on delivery.
 */
const shop = useDemoShop('chat-advance');

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post(`${shop.origin}/api/user/login`, { data: { email: 'admin@haat.test', password: 'admin123' } });
  return { authorization: `Bearer ${(await login.json()).data.access_token as string}` };
}

test('a first-time buyer’s chat link asks the delivery charge by bKash first, in Bangla on a phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await adminHeaders(request);
  expect((await request.put(`${shop.origin}/api/cod/advance`, { data: { kind: 'delivery', who: 'first-time' }, headers })).ok()).toBe(true);
  const listed = await request.post(`${shop.origin}/api/product/get-all-products`, { data: { page: 1, limit: 40 } });
  const product = ((await listed.json()).data as { _id: string; name_bn: string; price: number; discount: number; stock: number; options?: unknown[] }[]).find((p) => p.stock >= 3 && !p.options?.length && p.discount === 0)!;
  const made = await request.post(`${shop.origin}/api/chat-links`, { headers, data: { customer: { name: 'রহিমা' }, list_items: [{ product_id: product._id, quantity: 1 }] } });
  expect(made.status(), await made.text()).toBe(201);
  const { token } = (await made.json()).data as { token: string };
  const settings = (await (await request.get(`${shop.origin}/api/delivery-settings`)).json()).data as { freeDelivery: boolean; insideDhaka: number };
  const fee = settings.freeDelivery ? 0 : settings.insideDhaka;
  const total = product.price + fee;
  const mobile = '01711000045';

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${shop.origin}/`);
  await chooseLanguage(page, 'bn');
  await page.goto(`${shop.origin}/chat-order/${token}`);
  await expect(page.getByRole('heading', { name: 'আপনার অর্ডার নিশ্চিত করুন' })).toBeVisible();
  await page.getByLabel('প্রাপকের নাম', { exact: true }).fill('রহিমা খাতুন');
  await page.getByLabel('মোবাইল নম্বর', { exact: true }).fill(mobile);
  await page.getByLabel('ঠিকানা', { exact: true }).fill('Road 9, Uttara');
  await page.getByLabel('শহর', { exact: true }).fill('Dhaka');

  // Before Place order: what is paid now by bKash and what on delivery, every word Bangla.
  const preview = page.getByTestId('advance-preview');
  await expect(preview.getByTestId('advance-preview-split')).toHaveText(`এখন বিকাশে দিন${formatTaka(fee)}ডেলিভারির সময় দিন${formatTaka(total - fee)}অর্ডারের মোট${formatTaka(total)}`);
  await expect(preview).toContainText('অর্ডার দিন চাপার পর অগ্রিমটি বিকাশে দেবেন');
  await expect(preview).not.toContainText(/[A-Za-z]/);
  await page.getByRole('checkbox').check();
  await page.screenshot({ path: test.info().outputPath('chat-advance-preview-bn.png'), fullPage: true });
  await page.getByRole('button', { name: 'অর্ডার দিন' }).click();

  // The checkout's advance step, then bKash's page for exactly the advance, approved.
  const orderId = await payAdvanceInBangla(page, fee, total, 'chat-advance-step-bn');
  await page.screenshot({ path: test.info().outputPath('chat-advance-paid-bn.png'), fullPage: true });

  // Paid: the advance counted, the rest due to the rider; the link placed its one order.
  const track = await request.get(`${shop.origin}/api/order/track`, { params: { orderId, mobile } });
  expect((await track.json()).data.amounts).toMatchObject({ total, paid: fee, due_on_delivery: total - fee });
  const again = await request.post(`${shop.origin}/api/chat-links/by-token/${token}/order`, { data: { address: { name: 'রহিমা', address_line: 'Road 9, Uttara', city: 'Dhaka', mobile }, consent: true } });
  expect(again.status()).toBe(409);
});
