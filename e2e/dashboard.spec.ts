import sharp from 'sharp';
import { formatTaka } from '@haat/shared/money';
import { expect, test } from './fixtures';

// Issue 14: the owner's dashboard is the admin's first screen, with its charts and the figures of an order placed here.
test('the admin lands on the dashboard and sees the charts and the figures of a new order', async ({ page, adminToken, login }) => {
  const auth = { authorization: `Bearer ${adminToken}` };
  // A product of this test's own, dear enough to top the period's taka whatever other specs order.
  const name = `Dashboard kettle ${Date.now()}`;
  const [category] = (await (await page.request.get('/api/category/get-category')).json()).data;
  const [subCategory] = (await (await page.request.get('/api/subcategory/get-subcategories')).json()).data;
  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#16a34a' } }).png().toBuffer();
  const added = await page.request.post('/api/product/add-product', {
    headers: auth,
    multipart: { name, description: 'For the dashboard test', unit: '1 pc', stock: '20', price: '99999', category: category._id, subCategory: subCategory._id, image: { name: 'k.png', mimeType: 'image/png', buffer: png } },
  });
  expect(added.ok()).toBe(true);
  const found = await (await page.request.post('/api/product/get-all-products', { data: { page: 1, limit: 5, search: name } })).json();
  const productId = found.data.find((p: { name: string }) => p.name === name)._id;
  const placed = await page.request.post('/api/order', {
    data: {
      method: 'CASH-ON-DELIVERY',
      list_items: [{ product_id: productId, quantity: 9 }],
      guest_user_delivery_address: { address_line: 'House 5, Road 9, Banani', city: 'Dhaka', mobile: '01712345678' },
    },
  });
  expect(placed.status()).toBe(201);
  // Handed to a courier, so the returned share has a parcel to count.
  const providers: { provider: string }[] = (await (await page.request.get('/api/courier/providers', { headers: auth })).json()).data;
  const provider = providers.find((p) => p.provider !== 'pathao')!.provider;
  const booked = await page.request.post(`/api/order/${(await placed.json()).data._id}/courier`, { headers: auth, data: { provider } });
  expect(booked.ok()).toBe(true);

  await login('admin@haat.test', 'admin123');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  for (const chart of ['Sales per day', 'Orders by status', 'Top 10 products by units', 'Top 10 products by taka', 'Cash on delivery vs wallet', 'Share of parcels returned']) {
    const canvas = page.getByRole('img', { name: chart });
    await expect(canvas).toBeVisible();
    // Chart.js has drawn it: a canvas sized to its box.
    expect(await canvas.evaluate((c: HTMLCanvasElement) => c.width > 0 && c.height > 0)).toBe(true);
  }
  const byTaka = page.getByRole('region', { name: 'Top 10 products by taka' });
  await expect(byTaka.getByRole('listitem').first()).toContainText(name);
  await expect(byTaka.getByRole('listitem').first()).toContainText(formatTaka(9 * 99999));
  await expect(page.getByRole('region', { name: 'Top 10 products by units' })).toContainText(name);
  await expect(page.getByTestId('payments-cod')).toContainText('Cash on delivery');
  await expect(page.getByTestId('returns')).toContainText('returned');

  // A year's view on a phone (opened there, as a phone would): the four period buttons fit and nothing overflows.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('button', { name: 'Last 365 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 365 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(byTaka.getByRole('listitem').first()).toContainText(name);
  await expect(page.getByRole('img', { name: 'Sales per day' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('dashboard-365-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The side menu leads back here from another admin page.
  await page.goto('/dashboard/category');
  await page.getByRole('complementary').getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('img', { name: 'Sales per day' })).toBeVisible();
});
