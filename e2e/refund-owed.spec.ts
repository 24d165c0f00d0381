import { formatTaka } from '@haat/shared/money';
import { ADMIN, expect, login, test } from './fixtures';

/**
 * Decision 0081: an order paid by Nagad with a typed transaction id that cannot
 * be supplied. The owner cancels it from its card; the card then says the
 * refund is due (by the guidelines' 72 hours), and the owner records the money
 * sent back by hand there. Screenshots are kept with the test's output, to be looked at.
 */
test('the owner cancels a Nagad-prepaid order as cannot be supplied and records its refund on the order card', async ({ page, request, adminToken }, testInfo) => {
  const products = (await (await request.post('/api/product/get-all-products', { data: { page: 1, limit: 50, search: '' } })).json()).data as { _id: string; stock: number; options?: unknown[] }[];
  const product = products.find((p) => p.stock >= 5 && !(p.options?.length))!;
  const placed = await request.post('/api/order', {
    data: { method: 'nagad', mobile: '01755566677', transaction_id: 'NG7K2A9QX', list_items: [{ product_id: product._id, quantity: 1 }], guest_user_delivery_address: { name: 'Farhana Akter', address_line: 'House 7, Road 2, Uttara', city: 'Dhaka', mobile: '01755566677' } },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).data as { _id: string; orderId: string; total_amount: number };

  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/my-order');
  const card = page.getByRole('article', { name: `Order ${order.orderId}` });
  page.once('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: 'Cancel: cannot be supplied' }).click();
  await expect(card.getByRole('combobox', { name: `Status of ${order.orderId}` })).toHaveValue('Cancel');
  const owed = card.getByTestId('owed-refund');
  await expect(owed).toContainText(new RegExp(`^Refund due ${formatTaka(order.total_amount)} to Nagad by \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2}`));
  await expect(card.getByRole('group', { name: 'Due times' })).toContainText('Refund by');
  const form = card.getByRole('form', { name: `Record the refund of ${order.orderId}` });
  await expect(form.getByLabel('Sent by')).toHaveValue('nagad');
  await expect(form.getByLabel('Amount (৳)')).toHaveValue(String(order.total_amount));
  await form.getByLabel('Transaction ID').fill('RF8K2A9');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('refund-owed.png'), fullPage: false });
  await form.getByRole('button', { name: 'Record refund sent' }).click();
  await expect(page.getByText('Refund recorded.')).toBeVisible();
  await expect(owed).toHaveCount(0);
  await expect(card.getByRole('group', { name: 'Due times' })).toContainText(/Refund by .* · done/);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('refund-recorded.png'), fullPage: false });

  // The server holds it: nothing owed, the refund's due time met.
  const list = (await (await request.get('/api/order/get-all-order', { headers: { authorization: `Bearer ${adminToken}` } })).json()).data as { _id: string }[];
  expect(list.find((o) => o._id === order._id)).toMatchObject({ refunds_owed: [], deadlines: [{ kind: 'refund', met: true }] });
});
