import sharp from 'sharp';
import { addGuestAddress, agreeToTerms, expect, test } from './fixtures';

/**
 * Issue 21: the owner adds a kurta in sizes and colours through the product
 * form; a guest picks Size L, Colour Red on its page, orders it cash on
 * delivery, and the owner sees "Size: L, Colour: Red" on the invoice and the label.
 */
const image = async (name: string, [r, g, b]: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 24, height: 24, channels: 3, background: { r, g, b } } }).png().toBuffer(),
});

test('a guest buys a size L red kurta; the invoice and the label name the size and colour', async ({ browser, adminPage: owner, adminToken }, testInfo) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const name = `Eid kurta ${tag}`;

  // The owner: options, every combination, prices and stock for many at once, one SKU.
  await owner.goto('/dashboard/upload-product');
  await owner.getByLabel('Name', { exact: true }).fill(name);
  await owner.getByLabel('Description', { exact: true }).fill('Hand-stitched cotton kurta for Eid.');
  await owner.getByLabel('Upload Image').setInputFiles([await image('red.png', [178, 34, 34]), await image('blue.png', [30, 58, 138])]);
  await owner.getByLabel('Category', { exact: true }).selectOption({ label: 'Fashion and Lifestyle' });
  await owner.getByLabel('Sub Category').selectOption({ label: "Men's Clothing" });
  await owner.getByLabel('Unit').fill('1 piece');
  for (const [n, option, values] of [
    [1, 'Size', ['M', 'L']],
    [2, 'Colour', ['Red', 'Blue']],
  ] as const) {
    await owner.getByRole('button', { name: 'Add option' }).click();
    const group = owner.getByRole('group', { name: `Option ${n}` });
    await group.getByRole('textbox', { name: `Option ${n} name`, exact: true }).fill(option);
    for (const value of values) {
      await group.getByLabel('Value', { exact: true }).fill(value);
      await group.getByRole('button', { name: `Add value to ${option}` }).click();
    }
  }
  await owner.getByRole('button', { name: 'Generate every combination' }).click();
  await expect(owner.getByRole('rowheader')).toHaveText(['Size: M, Colour: Red', 'Size: M, Colour: Blue', 'Size: L, Colour: Red', 'Size: L, Colour: Blue']);
  const bulk = owner.getByRole('group', { name: 'Set for many' });
  await bulk.getByLabel('New value').fill('1250');
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await bulk.getByLabel('Field').selectOption('stock');
  await bulk.getByLabel('New value').fill('5');
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await owner.getByLabel('SKU of Size: L, Colour: Red').fill(`KU-${tag}-L-RED`);
  await owner.getByLabel('Picture of Size: L, Colour: Red').selectOption({ label: 'Picture 1' });
  await owner.screenshot({ path: testInfo.outputPath('variants-form.png'), fullPage: true });
  await owner.getByRole('button', { name: 'Submit' }).click();
  await expect(owner.getByText('Product added.')).toBeVisible();

  // The guest, on a phone: the product page asks for a size and a colour, then adds L / Red.
  const found = await (await owner.request.post('/api/product/get-all-products', { data: { page: 1, limit: 5, search: `KU-${tag}-L-RED` } })).json();
  const product = found.data[0] as { _id: string; stock: number };
  expect(product.stock).toBe(20);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/product/p-${product._id}`);
  await page.getByRole('button', { name: /Add To Cart/ }).first().click();
  await expect(page.getByRole('button', { name: /Choose Size, Colour/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'L', exact: true }).click();
  await page.getByRole('button', { name: 'Red', exact: true }).click();
  await expect(page).toHaveURL(/variant=/);
  await page.screenshot({ path: testInfo.outputPath('variants-product-page.png'), fullPage: true });
  await page.getByRole('button', { name: 'Add To Cart' }).first().click();
  await expect(page.getByText('Add To Cart Successfully.').first()).toBeVisible();

  const mobile = `019${String(Date.now()).slice(-8)}`;
  await page.goto('/cart');
  await expect(page.getByText('Size: L, Colour: Red').first()).toBeVisible();
  await page.goto('/checkout');
  await addGuestAddress(page, { name: 'Rafiq Islam', addressLine: 'House 9, Road 3, Dhanmondi', mobile });
  await agreeToTerms(page);
  await page.getByRole('button', { name: 'Cash On Delivery' }).click();
  await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();
  await context.close();

  // The owner: the order's item is the variant, with its SKU, on the invoice and the label.
  const list = await (await owner.request.get('/api/order/get-all-order', { headers: { authorization: `Bearer ${adminToken}` } })).json();
  const order = (list.data as { _id: string; orderId: string; guest_user_delivery_address: { mobile: string } | null; product_details: { sku: string; unit_price: number }[] }[]).find(
    (o) => o.guest_user_delivery_address?.mobile === mobile,
  )!;
  expect(order.product_details).toMatchObject([{ sku: `KU-${tag}-L-RED`, unit_price: 1250 }]);
  await owner.goto(`/dashboard/invoice/${order._id}`);
  const invoice = owner.getByRole('article', { name: `Invoice ${order.orderId}` });
  await expect(invoice).toContainText(name);
  await expect(invoice).toContainText('Size: L, Colour: Red');
  await expect(invoice).toContainText(`KU-${tag}-L-RED`);
  await owner.screenshot({ path: testInfo.outputPath('variants-invoice.png'), fullPage: true });
  await owner.goto(`/dashboard/labels?ids=${order._id}`);
  const label = owner.getByRole('article', { name: `Label ${order.orderId}` });
  await expect(label).toContainText('Size: L, Colour: Red');
  await owner.screenshot({ path: testInfo.outputPath('variants-label.png'), fullPage: true });

  // The variant's stock went down by one; the product's is the sum of its variants'.
  const details = await (await owner.request.get(`/api/product/get-product-details?productId=${product._id}`)).json();
  const lRed = (details.data.variants as { sku: string; stock: number }[]).find((v) => v.sku === `KU-${tag}-L-RED`)!;
  expect([lRed.stock, details.data.stock]).toEqual([4, 19]);
});
