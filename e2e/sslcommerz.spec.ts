import type { APIRequestContext, Page } from '@playwright/test';
import { addGuestAddress, agreeToTerms, chooseLanguage, expect, test } from './fixtures';
import { useDemoShop } from './demo-shop';

/**
 * Issue 46's SSLCommerz journeys in Chromium, in Bangla at phone width, on the demo as `npm start` runs it
 * (development, no SSLCommerz settings), so the shop's own SSLCommerz sandbox stands in for SSLCommerz (its
 * session, its page, the auto-submitted return form, the IPN, the validation API and refunds, over HTTP):
 * paid, cancelled, failed, and paid then refunded by the admin. The suite's shared server runs in test mode
 * without the sandbox, so this spec starts its own small demo shop.
 */
const shop = useDemoShop('sslcommerz');


test.use({ viewport: { width: 390, height: 844 } });

async function aProduct(request: APIRequestContext) {
  const listed = await request.post(`${shop.origin}/api/product/get-all-products`, { data: { page: 1, limit: 40 } });
  const product = ((await listed.json()).data as { _id: string; stock: number }[]).find((p) => p.stock >= 3)!;
  const stockOf = async () => (await (await request.post(`${shop.origin}/api/product/get-product-details`, { data: { productId: product._id } })).json()).data.stock as number;
  return { product, stockOf };
}

/** A guest, in Bangla: Buy Now → an address → the terms → Online Payment → SSLCommerz → the sandbox's page. */
async function toSslcommerz(page: Page, productId: string, shot?: string): Promise<{ orderId: string; total: string }> {
  await page.goto(`${shop.origin}/`);
  await chooseLanguage(page, 'bn');
  await page.goto(`${shop.origin}/product/p-${productId}`);
  await page.getByRole('button', { name: 'এখনই কিনুন' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await addGuestAddress(page, { name: 'রহিম উদ্দিন', addressLine: 'বাড়ি ১২, রোড ৪, ধানমন্ডি', mobile: '01712345678' }, 'bn');
  const total = (await page.getByTestId('checkout-grand-total').textContent())!;
  await agreeToTerms(page, 'bn');
  await page.getByRole('button', { name: 'অনলাইন পেমেন্ট' }).click();
  const dialog = page.getByRole('dialog', { name: 'পেমেন্টের পদ্ধতি বেছে নিন' });
  await dialog.getByLabel(/কার্ড, নগদ, রকেট বা বিকাশ/).check();
  await expect(dialog.getByLabel('ট্রানজ্যাকশন আইডি')).toHaveCount(0);
  await dialog.getByLabel('মোবাইল নম্বর').fill('01770618575');
  if (shot) await page.screenshot({ path: test.info().outputPath(shot), fullPage: true });
  await dialog.getByRole('button', { name: 'অনলাইনে পেমেন্ট করুন' }).click();
  // The sandbox's gateway page: clearly labelled, the order's number and total.
  await expect(page).toHaveURL(/\/sslcommerz-sandbox\/gwprocess\/v4\/gw\.php\?Q=pay&SESSIONKEY=/);
  await expect(page.getByRole('heading', { name: 'SSLCommerz sandbox' })).toBeVisible();
  await expect(page.getByText('DEMO · NO REAL MONEY')).toBeVisible();
  const orderId = (await page.locator('dt:has-text("Transaction") + dd').textContent())!;
  expect(orderId).toMatch(/^HT-\d{8}-[A-Z2-9]{6}$/);
  return { orderId, total };
}

test('paid: SSLCommerz validates the payment and the shopper sees পেমেন্ট সফল হয়েছে!; then the admin cancels and refunds it through SSLCommerz', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { product, stockOf } = await aProduct(request);
  const before = await stockOf();
  const { orderId } = await toSslcommerz(page, product._id, 'sslcommerz-choice-bn-390.png');
  await page.screenshot({ path: test.info().outputPath('sslcommerz-sandbox-390.png'), fullPage: true });
  expect(await stockOf()).toBe(before - 1);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/order-success\?text=Payment$/);
  await expect(page.getByRole('heading', { name: 'পেমেন্ট সফল হয়েছে!' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('sslcommerz-paid-bn-390.png'), fullPage: true });

  // The admin sees it paid with SSLCommerz's bank_tran_id, cancels it (stock back) and refunds it.
  await chooseLanguage(page, 'en');
  await page.goto(`${shop.origin}/login`);
  await page.getByLabel('Email').fill('admin@haat.test');
  await page.getByLabel('Password', { exact: true }).fill('admin123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await page.goto(`${shop.origin}/dashboard/my-order`);
  const card = page.getByRole('article', { name: `Order ${orderId}` });
  await expect(card.getByTestId('payment-badge')).toContainText('Paid');
  await expect(card.getByTestId('payment-badge')).toContainText(/trxID BTR\d+/);
  await card.getByLabel(`Status of ${orderId}`).selectOption('Cancel');
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  expect(await stockOf()).toBe(before);
  await card.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: `Refund ${orderId}` });
  await refund.getByLabel('Reason').fill('Customer cancelled');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refund completed')).toBeVisible();
  await expect(card.getByTestId('payment-badge')).toContainText('Refunded');
  await expect(card.getByTestId('payment-badge')).toContainText(/refund RF\d+/);
});

for (const [button, words] of [
  ['Cancel', 'আপনি এসএসএলকমার্জে পেমেন্ট বাতিল করেছেন। অর্ডারটি বাতিল হয়েছে, কোনো টাকা কাটা হয়নি।'],
  ['Fail', 'এসএসএলকমার্জে পেমেন্টটি সম্পন্ন হয়নি। অর্ডারটি বাতিল হয়েছে, কোনো টাকা কাটা হয়নি।'],
] as const) {
  test(`${button === 'Cancel' ? 'cancelled' : 'failed'} on SSLCommerz's page: the order is cancelled, its stock back, and the shopper told why in Bangla`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const { product, stockOf } = await aProduct(request);
    const before = await stockOf();
    await toSslcommerz(page, product._id);
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page).toHaveURL(/\/order-cancel\?reason=(cancelled|failed)&via=sslcommerz$/);
    await expect(page.getByRole('heading', { name: 'ব্যর্থ হয়েছে!!' })).toBeVisible();
    await expect(page.getByTestId('cancel-reason')).toHaveText(words);
    await page.screenshot({ path: test.info().outputPath(`sslcommerz-${button.toLowerCase()}-bn-390.png`), fullPage: true });
    expect(await stockOf()).toBe(before);
  });
}
