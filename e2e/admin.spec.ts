import { expect, test } from './fixtures';
import sharp from 'sharp';

/**
 * The shop owner's journey (spec §2 admin screens) on the seeded demo shop:
 * category → sub-category → product → find it → shipping costs → an order's status → the audit log.
 */

/** A real PNG of one colour, made by sharp: the server decodes uploads, so it must be a valid image. */
const image = async (name: string, [r, g, b]: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 24, height: 24, channels: 3, background: { r, g, b } } }).png().toBuffer(),
});

test('admin: category, sub-category, product, search, shipping costs, order status', async ({ adminPage: page }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const categoryName = `Zephyr Lighting ${tag}`;
  const subCategoryName = `Zephyr Lamps ${tag}`;
  const productName = `Zephyr Brass Lamp ${tag}`;

  // Category: the picker waits for a name; then name + image add a card.
  await page.goto('/dashboard/category');
  await page.getByRole('button', { name: 'Add Category' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Category' });
  await expect(dialog.getByLabel('Type a name first')).toBeDisabled();
  await dialog.getByLabel('Name', { exact: true }).fill(categoryName);
  await dialog.getByLabel('Upload Image').setInputFiles(await image('category.png', [200, 120, 20]));
  await dialog.getByRole('button', { name: 'Add Category' }).click();
  await expect(page.getByText('Category added.')).toBeVisible();
  const card = page.getByTestId('category-card').filter({ hasText: categoryName });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img')).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);

  // Sub-category in it: shows in the table, found by the filter.
  await page.goto('/dashboard/sub-category');
  await page.getByRole('button', { name: 'Add SubCategory' }).click();
  dialog = page.getByRole('dialog', { name: 'Add SubCategory' });
  await dialog.getByLabel('Name', { exact: true }).fill(subCategoryName);
  await dialog.getByLabel('Upload Image').setInputFiles(await image('sub.png', [30, 140, 200]));
  await dialog.getByLabel('Category', { exact: true }).selectOption({ label: categoryName });
  await expect(dialog.getByRole('list', { name: 'Chosen Category' })).toContainText(categoryName);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Sub-category added.')).toBeVisible();
  await page.getByLabel('Filter sub-categories').fill(tag);
  const row = page.getByRole('row').filter({ hasText: subCategoryName });
  await expect(row).toContainText(categoryName);
  await row.getByRole('button', { name: `View image of ${subCategoryName}` }).click();
  await expect(page.getByRole('dialog', { name: `Image of ${subCategoryName}` })).toBeVisible();
  await page.keyboard.press('Escape');

  // Upload a product into them.
  await page.goto('/dashboard/upload-product');
  await page.getByLabel('Name', { exact: true }).fill(productName);
  await page.getByLabel('Description', { exact: true }).fill('A brass table lamp with a linen shade.');
  await page.getByLabel('Upload Image').setInputFiles([await image('lamp1.png', [180, 150, 60]), await image('lamp2.png', [90, 70, 30])]);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: categoryName });
  await page.getByLabel('Sub Category').selectOption({ label: subCategoryName });
  await page.getByLabel('Unit').fill('1 piece');
  await page.getByLabel('Number of Stock').fill('7');
  await page.getByLabel('Price').fill('2400');
  await page.getByLabel('Discount').fill('10');
  await page.getByRole('button', { name: 'Add Fields' }).click();
  await page.getByLabel('Field Name').fill('Material');
  await page.getByRole('button', { name: 'Add Field' }).click();
  await page.getByLabel('Material', { exact: true }).fill('Brass');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Product added.')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');

  // Find it on the Products page by search (sent 3 s after typing).
  await page.goto('/dashboard/products');
  await expect(page.getByRole('heading', { name: 'Products:-' })).toBeVisible();
  await page.getByPlaceholder('Search product...').fill(`zephyr brass ${tag}`);
  const productCard = page.getByTestId('admin-product-card').filter({ hasText: productName });
  await expect(productCard).toBeVisible({ timeout: 15_000 });
  await expect(productCard).toContainText('Stock: 7');

  // Shipping costs: a change is stored; the same values again change nothing.
  const before = await (await page.request.get('/api/delivery-settings')).json();
  await page.goto('/dashboard/delivery-setting');
  await page.getByLabel('Inside Dhaka', { exact: true }).fill('65');
  await page.getByLabel('Outside Dhaka', { exact: true }).fill('135');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Shipping Cost Updated Successfully.')).toBeVisible();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Nothing was updated.')).toBeVisible();
  const settings = await (await page.request.get('/api/delivery-settings')).json();
  expect([settings.insideDhaka, settings.outsideDhaka, settings.freeDelivery]).toEqual([65, 135, false]);

  // An order placed by a guest through the API, then its status changed by the admin.
  const found = await (await page.request.post('/api/product/get-all-products', { data: { page: 1, limit: 5, search: productName } })).json();
  const productId = found.data.find((p: { name: string }) => p.name === productName)._id;
  const placed = await page.request.post('/api/order', {
    data: {
      method: 'CASH-ON-DELIVERY',
      mobile: '01712345678',
      note: `e2e ${tag}`,
      list_items: [{ product_id: productId, quantity: 2 }],
      guest_user_delivery_address: { address_line: 'House 5, Road 9, Banani', city: 'Dhaka', mobile: '01712345678' },
    },
  });
  expect(placed.status()).toBe(201);
  const { orderId } = (await placed.json()).data;

  await page.goto('/dashboard/my-order');
  await expect(page.getByRole('heading', { name: 'All Orders' })).toBeVisible();
  const orderCard = page.getByRole('article', { name: `Order ${orderId}` });
  await expect(orderCard).toContainText(productName);
  await expect(orderCard).toContainText('House 5, Road 9, Banani');
  await expect(orderCard).toContainText(`e2e ${tag}`);
  await expect(orderCard.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await orderCard.getByLabel(`Status of ${orderId}`).selectOption('Delivered');
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  await expect(orderCard.getByLabel(`Status of ${orderId}`)).toHaveValue('Delivered');

  // The filter shows it under Delivered after a reload (the server kept it).
  await page.reload();
  await page.getByRole('button', { name: 'Delivered', exact: true }).click();
  await expect(page.getByRole('article', { name: `Order ${orderId}` })).toBeVisible();
  await expect(page.getByText(/Page 1 of [0-9]+/)).toBeVisible();

  // Received offers Delete; deleting asks first. Then the rest of what this test made goes too,
  // so the other specs on this server see the seeded shop as it was.
  const delivered = page.getByRole('article', { name: `Order ${orderId}` });
  await delivered.getByLabel(`Status of ${orderId}`).selectOption('Received');
  await expect(delivered.getByLabel(`Status of ${orderId}`)).toHaveValue('Received');
  await delivered.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Confirmation' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Order deleted')).toBeVisible();
  await expect(page.getByRole('article', { name: `Order ${orderId}` })).toHaveCount(0);

  await page.goto('/dashboard/products');
  await page.getByPlaceholder('Search product...').fill(`zephyr brass ${tag}`);
  await productCard.getByRole('button', { name: `Delete ${productName}` }).click({ timeout: 15_000 });
  await page.getByRole('dialog', { name: 'Delete Confirmation' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Product deleted.')).toBeVisible();

  await page.goto('/dashboard/sub-category');
  await page.getByLabel('Filter sub-categories').fill(tag);
  await page.getByRole('button', { name: `Delete ${subCategoryName}` }).click();
  await page.getByRole('dialog', { name: 'Delete Confirmation' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Sub-category deleted.')).toBeVisible();

  await page.goto('/dashboard/category');
  await page.getByRole('button', { name: `Delete ${categoryName}` }).click();
  await page.getByRole('dialog', { name: 'Delete Confirmation' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Category deleted.')).toBeVisible();
  await expect(page.getByTestId('category-card').filter({ hasText: categoryName })).toHaveCount(0);

  await page.goto('/dashboard/delivery-setting');
  await page.getByLabel('Inside Dhaka', { exact: true }).fill(String(before.insideDhaka));
  await page.getByLabel('Outside Dhaka', { exact: true }).fill(String(before.outsideDhaka));
  await page.getByLabel('Enable Free Delivery').setChecked(before.freeDelivery);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Shipping Cost Updated Successfully.')).toBeVisible();
  // The audit log (issue 28): the Owner sees each status change of the order, by whom, before → after.
  await page.goto('/dashboard/audit');
  await page.getByRole('form', { name: 'Filters' }).getByLabel('Kind').selectOption('order_status');
  const change = page.getByRole('listitem').filter({ hasText: orderId }).filter({ has: page.getByRole('row', { name: /Pending → Delivered/ }) });
  await expect(change).toBeVisible();
  await expect(change).toContainText('(Owner)');
  await expect(change).toContainText('Order status changed');
});
