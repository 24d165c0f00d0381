import type { APIRequestContext, Page } from '@playwright/test';
import { startFakeNagad, type FakeNagad } from '../apps/server/test/fakes/nagad';
import { agreeToTerms, chooseLanguage, expect, test } from './fixtures';
import { useDemoShop } from './demo-shop';

/**
 * Issue 46's Nagad journeys in Chromium, in Bangla at phone width (decision 0128): a demo shop of the spec's own with
 * Nagad's settings pointing at the tests' faithful fake of Nagad (real RSA, signatures checked, its own page on its
 * own port): paid, cancelled, aborted and failed on Nagad's page, and paid then refunded by hand (Nagad documents no
 * refund API), the owner recording the money sent back on the order card.
 */
let fake: FakeNagad | null = null;
const shop = useDemoShop('nagad', async () => {
  fake = await startFakeNagad();
  return (origin) => fake!.env({ PUBLIC_URL: origin });
});
test.afterAll(async () => fake?.close());

test.use({ viewport: { width: 390, height: 844 } });

async function aProduct(request: APIRequestContext) {
  const listed = await request.post(`${shop.origin}/api/product/get-all-products`, { data: { page: 1, limit: 40 } });
  const product = ((await listed.json()).data as { _id: string; stock: number; options?: unknown[] }[]).find((p) => p.stock >= 3 && !p.options?.length)!;
  const stockOf = async () => (await (await request.post(`${shop.origin}/api/product/get-product-details`, { data: { productId: product._id } })).json()).data.stock as number;
  return { product, stockOf };
}

/** A guest, in Bangla: Buy Now → an address → the terms → Online Payment → Nagad → Nagad's page (the fake's). */
async function toNagad(page: Page, productId: string, shot?: string): Promise<{ orderId: string }> {
  await page.goto(`${shop.origin}/`);
  await chooseLanguage(page, 'bn');
  await page.goto(`${shop.origin}/product/p-${productId}`);
  await page.getByRole('button', { name: 'এখনই কিনুন' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('button', { name: 'ঠিকানা যোগ করুন' }).click();
  const address = page.getByRole('dialog');
  await address.getByLabel('প্রাপকের নাম').fill('রহিম উদ্দিন');
  await address.getByLabel('ঠিকানার লাইন').fill('বাড়ি ১২, রোড ৪, ধানমন্ডি');
  await address.getByLabel('শহর').fill('Dhaka');
  await address.getByLabel('মোবাইল').fill('01712345678');
  await address.getByRole('button', { name: 'জমা দিন' }).click();
  await expect(address).toBeHidden();
  await page.getByRole('radio', { name: /ধানমন্ডি/ }).check();
  await agreeToTerms(page, 'bn');
  await page.getByRole('button', { name: 'অনলাইন পেমেন্ট' }).click();
  const dialog = page.getByRole('dialog', { name: 'পেমেন্টের পদ্ধতি বেছে নিন' });
  await dialog.getByRole('radio', { name: 'নগদ', exact: true }).check();
  await expect(dialog.getByLabel('ট্রানজ্যাকশন আইডি')).toHaveCount(0);
  await expect(dialog.getByText('আপনি নগদের পাতায় আপনার নগদ অ্যাকাউন্ট দিয়ে পেমেন্ট করবেন; নগদ পেমেন্ট নিশ্চিত করলেই অর্ডার নিশ্চিত হবে।')).toBeVisible();
  await dialog.getByLabel('মোবাইল নম্বর').fill('01770618575');
  if (shot) await page.screenshot({ path: test.info().outputPath(shot), fullPage: true });
  await dialog.getByRole('button', { name: 'নগদে পেমেন্ট করুন' }).click();
  await expect(page.getByRole('heading', { name: 'Nagad test fake' })).toBeVisible();
  const orderId = (await page.locator('#order').textContent())!;
  expect(orderId).toMatch(/^HT-\d{8}-[A-Z2-9]{6}$/);
  return { orderId };
}

test('paid: Nagad verifies the payment and the shopper sees পেমেন্ট সফল হয়েছে!; the admin cancels it and records the refund sent by hand', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { product, stockOf } = await aProduct(request);
  const before = await stockOf();
  const { orderId } = await toNagad(page, product._id, 'nagad-choice-bn-390.png');
  expect(await stockOf()).toBe(before - 1);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/order-success\?text=Payment$/);
  await expect(page.getByRole('heading', { name: 'পেমেন্ট সফল হয়েছে!' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('nagad-paid-bn-390.png'), fullPage: true });

  // The admin sees it paid with Nagad's issuerPaymentRefNo, cancels it (stock back); the refund is owed and recorded by hand.
  await chooseLanguage(page, 'en');
  await page.goto(`${shop.origin}/login`);
  await page.getByLabel('Email').fill('admin@haat.test');
  await page.getByLabel('Password', { exact: true }).fill('admin123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await page.goto(`${shop.origin}/dashboard/my-order`);
  const card = page.getByRole('article', { name: `Order ${orderId}` });
  await expect(card.getByTestId('payment-badge')).toContainText('Paid');
  await expect(card.getByTestId('payment-badge')).toContainText(/trxID NGD\d+/);
  await card.getByLabel(`Status of ${orderId}`).selectOption('Cancel');
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  expect(await stockOf()).toBe(before);
  await card.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: `Refund ${orderId}` });
  await refund.getByLabel('Reason').fill('Customer cancelled');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refund owed: send it from the shop’s wallet and record it on the order.')).toBeVisible();
  await expect(card.getByTestId('owed-refund')).toContainText(/^Refund due [০-৯,.]+৳ to Nagad by \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
  await expect(card.getByTestId('owed-refund')).not.toContainText('Overdue');
  const form = card.getByRole('form', { name: `Record the refund of ${orderId}` });
  await expect(form.getByLabel('Sent by')).toHaveValue('nagad');
  await form.getByLabel('Transaction ID').fill('RF8K2A9');
  await form.getByRole('button', { name: 'Record refund sent' }).click();
  await expect(page.getByText('Refund recorded.')).toBeVisible();
  await expect(card.getByTestId('owed-refund')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('nagad-refunded-by-hand-390.png'), fullPage: true });
});

for (const [button, reason, words] of [
  ['Cancel', 'cancelled', 'আপনি নগদে পেমেন্ট বাতিল করেছেন। অর্ডারটি বাতিল হয়েছে, কোনো টাকা কাটা হয়নি।'],
  ['Abort', 'cancelled', 'আপনি নগদে পেমেন্ট বাতিল করেছেন। অর্ডারটি বাতিল হয়েছে, কোনো টাকা কাটা হয়নি।'],
  ['Fail', 'failed', 'নগদে পেমেন্টটি সম্পন্ন হয়নি। অর্ডারটি বাতিল হয়েছে, কোনো টাকা কাটা হয়নি।'],
] as const) {
  test(`${button.toLowerCase()} on Nagad's page: the order is cancelled, its stock back, and the shopper told why in Bangla`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const { product, stockOf } = await aProduct(request);
    const before = await stockOf();
    await toNagad(page, product._id);
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/order-cancel\\?reason=${reason}&via=nagad$`));
    await expect(page.getByRole('heading', { name: 'ব্যর্থ হয়েছে!!' })).toBeVisible();
    await expect(page.getByTestId('cancel-reason')).toHaveText(words);
    await page.screenshot({ path: test.info().outputPath(`nagad-${button.toLowerCase()}-bn-390.png`), fullPage: true });
    expect(await stockOf()).toBe(before);
  });
}
