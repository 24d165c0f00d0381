import { ADMIN, expect, login, test } from './fixtures';

/**
 * Issue 27 (decision 0075): a guest returns one of two items of a delivered
 * order from /track in the browser; the owner approves it, marks it received
 * (the stock comes back) and refunds it by hand. Screenshots of both sides are
 * kept with the test's output, to be looked at.
 */
test('a shopper returns one item of a delivered order; the owner approves, receives and refunds it', async ({ page, request, adminToken }, testInfo) => {
  const auth = { authorization: `Bearer ${adminToken}` };
  const products = (await (await request.post('/api/product/get-all-products', { data: { page: 1, limit: 50, search: '' } })).json()).data as { _id: string; name: string; stock: number; quantity: number; options?: unknown[] }[];
  const product = products.find((p) => p.stock >= 10 && p.quantity >= 2 && !(p.options?.length))!;
  const mobile = '01733344455';
  const placed = await request.post('/api/order', { data: { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product._id, quantity: 2 }], guest_user_delivery_address: { name: 'Nusrat Jahan', address_line: 'House 12, Road 4, Dhanmondi', city: 'Dhaka', mobile } } });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).data as { _id: string; orderId: string };
  expect((await request.patch(`/api/order/update-status/${order._id}`, { data: { status: 'Delivered' }, headers: auth })).ok()).toBeTruthy();
  const stockOf = async () => ((await (await request.post('/api/product/get-product-details', { data: { productId: product._id } })).json()).data as { stock: number }).stock;
  const stockBefore = await stockOf();

  // The shopper, as a guest, from /track.
  await page.goto(`/track?orderId=${order.orderId}`);
  await page.getByLabel('Mobile').fill(mobile);
  await page.getByRole('button', { name: 'Track' }).click();
  await page.getByRole('button', { name: `Return or exchange items of ${order.orderId}` }).click();
  const form = page.getByRole('form', { name: `Return or exchange items of ${order.orderId}` });
  await expect(form.getByText(/Returns are open until/)).toBeVisible();
  await form.getByRole('spinbutton').fill('1');
  await form.getByLabel('Reason').selectOption({ label: 'Damaged or faulty' });
  await form.getByLabel('Tell us more (optional)').fill('The stitching came apart');
  await page.screenshot({ path: testInfo.outputPath('return-request.png'), fullPage: true });
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Your request is sent. We will let you know by SMS.')).toBeVisible();
  await expect(page.getByTestId('return-status')).toContainText('Requested');

  // The owner.
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/returns');
  const card = page.getByRole('article', { name: `Return ${order.orderId}` });
  await expect(card).toContainText('The stitching came apart');
  await card.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(card.getByTestId('return-state')).toHaveText('Approved');
  await card.getByRole('button', { name: 'Mark items received' }).click();
  await expect(card.getByTestId('return-state')).toHaveText('Received');
  expect(await stockOf()).toBe(stockBefore + 1);
  await expect(card.getByText(/^Refundable: /)).toBeVisible();
  await card.getByRole('button', { name: 'Refund now' }).click();
  await expect(card.getByTestId('refund-line')).toContainText('Cash');
  await expect(card.getByTestId('refund-line')).toContainText('done');
  await page.screenshot({ path: testInfo.outputPath('return-owner.png'), fullPage: true });
  // Received once: the stock came back once.
  expect(await stockOf()).toBe(stockBefore + 1);

  // In Bangla: the owner's card, and the shopper's /track with the return's state and refund.
  await page.getByRole('button', { name: 'বাংলা' }).click();
  const cardBn = page.getByRole('article', { name: `ফেরত ${order.orderId}` });
  await expect(cardBn.getByTestId('return-state')).toHaveText('গ্রহণ করা হয়েছে');
  await expect(cardBn.getByTestId('refund-line')).toContainText('সম্পন্ন');
  await page.screenshot({ path: testInfo.outputPath('return-owner-bn.png'), fullPage: true });
  await page.goto(`/track?orderId=${order.orderId}`);
  await page.getByLabel('মোবাইল নম্বর').fill(mobile);
  await page.getByRole('button', { name: 'ট্র্যাক করুন' }).click();
  await expect(page.getByTestId('return-status')).toContainText('গ্রহণ করা হয়েছে');
  await expect(page.getByTestId('return-status')).toContainText('ফেরত দেওয়া হয়েছে');
  await page.getByRole('button', { name: `${order.orderId} অর্ডারের পণ্য ফেরত বা বদল` }).click();
  await expect(page.getByRole('form', { name: `${order.orderId} অর্ডারের পণ্য ফেরত বা বদল` })).toContainText('কয়টি ফেরত দেবেন (সর্বোচ্চ ১)');
  await page.screenshot({ path: testInfo.outputPath('return-track-bn.png'), fullPage: true });
});

/**
 * An exchange in the browser (issue 27, decision 0075): a guest asks for another size or colour of a delivered
 * variant from /track; the owner approves and receives it, and a replacement order for the wanted variant is made,
 * linked on both sides and charged only the difference.
 */
test('a shopper exchanges a variant for another size or colour; receiving it makes the replacement order', async ({ page, request, adminToken }, testInfo) => {
  const auth = { authorization: `Bearer ${adminToken}` };
  const products = (await (await request.post('/api/product/get-all-products', { data: { page: 1, limit: 100, search: '' } })).json()).data as { _id: string }[];
  type Variant = { _id: string; values: string[]; price: number; stock: number; publish: boolean };
  let product: { _id: string; variants: Variant[] } | undefined;
  // About a fifth of the demo catalogue comes in sizes, colours or shades (seed-variants.ts).
  for (const p of products) {
    const details = (await (await request.post('/api/product/get-product-details', { data: { productId: p._id } })).json()).data as { _id: string; variants?: Variant[] };
    if (details.variants && details.variants.filter((v) => v.publish && v.stock >= 3).length >= 2) {
      product = { _id: details._id, variants: details.variants };
      break;
    }
  }
  expect(product, 'a seeded product with two variants in stock').toBeDefined();
  const [bought, wanted] = product!.variants.filter((v) => v.publish && v.stock >= 3);
  const mobile = '01733344466';
  const placed = await request.post('/api/order', {
    data: { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product!._id, variant_id: bought!._id, quantity: 1 }], guest_user_delivery_address: { name: 'Tania Akter', address_line: 'House 3, Road 8, Mirpur', city: 'Dhaka', mobile } },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).data as { _id: string; orderId: string };
  expect((await request.patch(`/api/order/update-status/${order._id}`, { data: { status: 'Delivered' }, headers: auth })).ok()).toBeTruthy();

  await page.goto(`/track?orderId=${order.orderId}`);
  await page.getByLabel('Mobile').fill(mobile);
  await page.getByRole('button', { name: 'Track' }).click();
  await page.getByRole('button', { name: `Return or exchange items of ${order.orderId}` }).click();
  const form = page.getByRole('form', { name: `Return or exchange items of ${order.orderId}` });
  await form.getByLabel('Exchange (another size or colour)').check();
  await form.getByRole('spinbutton').fill('1');
  await form.getByRole('combobox').first().selectOption({ value: wanted!._id });
  await form.getByLabel('Reason').selectOption({ index: 1 });
  await page.screenshot({ path: testInfo.outputPath('exchange-request.png'), fullPage: true });
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Your request is sent. We will let you know by SMS.')).toBeVisible();

  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/returns');
  const card = page.getByRole('article', { name: `Exchange ${order.orderId}` });
  for (const value of wanted!.values) await expect(card).toContainText(value);
  await card.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await card.getByRole('button', { name: 'Mark items received' }).click();
  await expect(card.getByTestId('return-state')).toHaveText('Received');
  await expect(card.getByText(/^Replacement order HT-/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('exchange-owner.png'), fullPage: true });

  // The replacement order: the wanted variant, charged the difference (never below nothing), linked back on /track.
  const replacementNumber = ((await card.getByText(/^Replacement order HT-/).innerText()).match(/HT-\S+/) ?? [''])[0];
  const all = (await (await request.get('/api/order/get-all-order', { headers: auth })).json()).data as { orderId: string; list_items?: unknown; items?: { variant_id: string | null }[]; total_amount: number; subTotal_amount: number }[];
  const replacement = all.find((o) => o.orderId === replacementNumber);
  expect(replacement, `replacement ${replacementNumber} in the owner's list`).toBeDefined();
  expect(JSON.stringify(replacement)).toContain(wanted!._id);
  await page.goto(`/track?orderId=${order.orderId}`);
  await page.getByLabel('Mobile').fill(mobile);
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByTestId('return-status')).toContainText(`Replacement order ${replacementNumber}`);
});
