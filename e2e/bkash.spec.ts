import { addGuestAddress, agreeToTerms, expect, test } from './fixtures';
import { useDemoShop } from './demo-shop';

/**
 * Issue 12's journey in Chromium, on the demo as `npm start` runs it
 * (development, no bKash settings), so the shop's own bKash sandbox stands in
 * for bKash: Buy Now → Pay with bKash → approve on the sandbox page →
 * 'Payment Successful!' → the admin sees Paid and the trxID → Cancel → Refund.
 * The suite's shared server runs in test mode without the sandbox, so this
 * spec starts its own small demo shop.
 */
const shop = useDemoShop('bkash');

test('Buy Now → Pay with bKash → approve on the sandbox → Payment Successful! → the admin sees Paid and refunds it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const listed = await request.post(`${shop.origin}/api/product/get-all-products`, { data: { page: 1, limit: 20 } });
  const product = ((await listed.json()).data as { _id: string; name: string; stock: number }[]).find((p) => p.stock >= 2)!;
  const stockOf = async () => (await (await request.post(`${shop.origin}/api/product/get-product-details`, { data: { productId: product._id } })).json()).data.stock as number;
  const stockBefore = await stockOf();

  // The shopper, as a guest.
  await page.goto(`${shop.origin}/product/p-${product._id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await addGuestAddress(page, { name: 'Rahim Uddin', addressLine: 'House 7, Road 3, Banani', mobile: '01712345678' });
  const total = await page.getByTestId('checkout-grand-total').textContent();

  await agreeToTerms(page);
  await page.getByRole('button', { name: 'Online Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Payment Method' });
  await dialog.getByLabel('Bkash', { exact: true }).check();
  await expect(dialog.getByLabel('Transaction ID')).toHaveCount(0);
  await dialog.getByLabel('Mobile Number').fill('01770618575');
  await dialog.getByRole('button', { name: 'Pay with bKash' }).click();

  // The sandbox page: clearly labelled, the order's total, Approve and Cancel.
  await expect(page).toHaveURL(/\/bkash-sandbox\/v1\.2\.0-beta\/pay\?paymentID=TR0011/);
  await expect(page.getByRole('heading', { name: 'bKash sandbox' })).toBeVisible();
  await expect(page.getByText('DEMO · NO REAL MONEY')).toBeVisible();
  await expect(page.getByTestId('sandbox-amount')).toHaveText(total!);
  const orderId = (await page.locator('dt:has-text("Invoice") + dd').textContent())!;
  expect(orderId).toMatch(/^HT-\d{8}-[A-Z2-9]{6}$/);
  await page.screenshot({ path: test.info().outputPath('bkash-sandbox.png'), fullPage: true });
  expect(await stockOf()).toBe(stockBefore - 1);
  await page.getByRole('button', { name: 'Approve' }).click();

  await expect(page).toHaveURL(/\/order-success\?text=Payment$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The admin sees it paid, with bKash's trxID; cancels it (stock back) and refunds it.
  await page.goto(`${shop.origin}/login`);
  await page.getByLabel('Email').fill('admin@haat.test');
  await page.getByLabel('Password', { exact: true }).fill('admin123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await page.goto(`${shop.origin}/dashboard/my-order`);
  const card = page.getByRole('article', { name: `Order ${orderId}` });
  await expect(card.getByTestId('payment-badge')).toContainText('Paid');
  await expect(card.getByTestId('payment-badge')).toContainText(/trxID TRX\d+/);
  await expect(card.getByRole('button', { name: 'Refund' })).toHaveCount(0);

  await card.getByLabel(`Status of ${orderId}`).selectOption('Cancel');
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  expect(await stockOf()).toBe(stockBefore);
  await card.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: `Refund ${orderId}` });
  await refund.getByLabel('Reason').fill('Customer cancelled');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refund completed')).toBeVisible();
  await expect(card.getByTestId('payment-badge')).toContainText('Refunded');
  await expect(card.getByTestId('payment-badge')).toContainText(/refund RFD\d+/);
  await expect(card.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('bkash-admin-refunded.png'), fullPage: true });
});
