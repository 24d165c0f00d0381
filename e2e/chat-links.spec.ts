import type { Page } from '@playwright/test';
import { chooseLanguage, expect, test } from './fixtures';

/**
 * Issue 45, checkout links for chat orders, in Bangla: staff build the cart on the phone-order page and get a link
 * and its QR; the buyer opens it on a phone, types the address, sees the total and places the order once.
 */

type Product = { _id: string; name: string; name_bn: string; stock: number; quantity: number; options?: unknown[] };

async function plainProduct(page: Page): Promise<Product> {
  const res = await page.request.post('/api/product/get-all-products', { data: { page: 1, limit: 50, search: '' } });
  return ((await res.json()).data as Product[]).find((p) => p.name_bn && p.stock >= 20 && p.quantity >= 5 && !p.options?.length)!;
}

test('staff make a checkout link in Bangla; the buyer confirms it on a phone and it places one order', async ({ adminPage: page, browser }, testInfo) => {
  const product = await plainProduct(page);
  await chooseLanguage(page, 'bn');
  await page.goto('/dashboard/new-order');
  await expect(page.getByRole('heading', { name: 'নতুন অর্ডার' })).toBeVisible();
  await page.getByLabel('পণ্য খুঁজুন').fill(product.name);
  await page.getByRole('list', { name: 'পাওয়া পণ্য' }).getByRole('button', { name: `${product.name_bn} যোগ করুন` }).first().click();
  await page.getByLabel(`${product.name_bn}-এর পরিমাণ`).fill('2');
  await page.getByLabel('মোবাইল').fill('01812345670');
  await page.getByRole('button', { name: 'চেকআউট লিংক বানান' }).click();
  const panel = page.getByTestId('chat-link');
  await expect(panel.getByRole('img', { name: 'চেকআউট লিংকের কিউআর কোড' })).toBeVisible();
  await expect(panel.getByRole('status')).toHaveText('ক্রেতার অপেক্ষায়');
  const url = await panel.getByRole('textbox', { name: 'চেকআউট লিংক' }).inputValue();
  expect(url).toMatch(/\/chat-order\/[\w-]+$/);
  await page.screenshot({ path: testInfo.outputPath('chat-link-staff-bn.png'), fullPage: true });

  // The buyer, on a phone, in Bangla.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const buyer = await phone.newPage();
  await buyer.goto('/');
  await chooseLanguage(buyer, 'bn');
  await buyer.goto(new URL(url).pathname);
  await expect(buyer.getByRole('heading', { name: 'আপনার অর্ডার নিশ্চিত করুন' })).toBeVisible();
  await expect(buyer.getByText(product.name_bn).first()).toBeVisible();
  // Nothing typed: said in Bangla, nothing sent.
  await buyer.getByRole('button', { name: 'অর্ডার দিন' }).click();
  await expect(buyer.getByText('প্রাপকের নাম লিখুন').or(buyer.getByRole('alert').first())).toBeVisible();
  await buyer.getByLabel('প্রাপকের নাম', { exact: true }).fill('নাসরিন আক্তার');
  await buyer.getByLabel('মোবাইল নম্বর', { exact: true }).fill('০১৮১২৩৪৫৬৭০');
  await buyer.getByLabel('ঠিকানা', { exact: true }).fill('বাড়ি ৪, জিন্দাবাজার');
  await buyer.getByLabel('শহর', { exact: true }).fill('Sylhet');
  await expect(buyer.getByTestId('chat-total')).toContainText('৳');
  await buyer.getByRole('checkbox').check();
  await buyer.screenshot({ path: testInfo.outputPath('chat-order-buyer-bn.png'), fullPage: true });
  await buyer.getByRole('button', { name: 'অর্ডার দিন' }).click();
  await expect(buyer).toHaveURL(/\/order-success$/);
  await buyer.screenshot({ path: testInfo.outputPath('chat-order-placed-bn.png'), fullPage: true });

  // Opened again, the link says it was used and offers nothing to press.
  await buyer.goto(new URL(url).pathname);
  await expect(buyer.getByText('এই লিংক দিয়ে আগেই একটি অর্ডার দেওয়া হয়েছে।')).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'অর্ডার দিন' })).toHaveCount(0);
  await phone.close();
});

test('concurrent confirmations of one link place exactly one order', async ({ adminToken, request }) => {
  const list = await request.post('/api/product/get-all-products', { data: { page: 1, limit: 50, search: '' } });
  const product = ((await list.json()).data as Product[]).find((p) => p.stock >= 20 && !p.options?.length)!;
  const made = await request.post('/api/chat-links', { headers: { authorization: `Bearer ${adminToken}` }, data: { customer: {}, list_items: [{ product_id: product._id, quantity: 1 }] } });
  expect(made.status()).toBe(201);
  const { token } = (await made.json()).data as { token: string };
  const address = { name: 'Karim', address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile: '01712345670' };
  const answers = await Promise.all([0, 1, 2].map(() => request.post(`/api/chat-links/by-token/${token}/order`, { data: { address, consent: true } })));
  expect(answers.map((a) => a.status()).sort()).toEqual([201, 409, 409]);
});
