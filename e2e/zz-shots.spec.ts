import { expect, test } from './fixtures';

const dhaka = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

test('shots', async ({ browser, request, adminToken }, testInfo) => {
  const headers = { authorization: `Bearer ${adminToken}` };
  const base = { starts_at: dhaka(-1), ends_at: dhaka(5), combines: true };
  for (const data of [
    { ...base, name: 'Eid offer', name_bn: 'ঈদ অফার', kind: 'percent', value: 10 },
    { ...base, name: 'Free delivery', name_bn: 'ফ্রি ডেলিভারি', kind: 'free_delivery', value: 0, min_subtotal: 5000 },
    { ...base, name: 'Welcome', name_bn: 'স্বাগতম', code: 'WELCOME50', kind: 'fixed', value: 50, min_subtotal: 200, usage_limit: 100 },
  ]) {
    const r = await request.post('/api/promotion', { headers, data });
    expect(r.status(), await r.text()).toBe(201);
  }
  const res = await request.post('/api/product/get-all-products', { data: { page: 1, limit: 20, search: 'T-Shirt' } });
  const product = ((await res.json()).data as { _id: string; stock: number; price: number }[]).find((p) => p.stock >= 3 && p.price >= 300)!;

  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('haat.lang', 'bn'));
  await page.goto(`/product/p-${product._id}`);
  await expect(page.getByTestId('offer-badge').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('product-390-bn.png'), fullPage: true });
  await page.getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
  await page.goto('/');
  await expect(page.getByTestId('offer-badge').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('home-390-bn.png') });
  await page.goto('/cart');
  await page.getByLabel('ভাউচার কোড').fill('nope');
  await page.getByRole('button', { name: 'প্রয়োগ করুন' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('cart-rejected-390-bn.png'), fullPage: true });
  await page.getByLabel('ভাউচার কোড').fill('welcome৫০');
  await page.getByRole('button', { name: 'প্রয়োগ করুন' }).click();
  await expect(page.getByText('WELCOME50 কোডটি প্রয়োগ হয়েছে')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('cart-applied-390-bn.png'), fullPage: true });
  await page.getByRole('button', { name: /চেকআউট/ }).click();
  await page.getByRole('button', { name: 'ঠিকানা যোগ করুন' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input').nth(0).fill('সালমা বেগম');
  await dialog.locator('input').nth(1).fill('বাড়ি ৩, মিরপুর');
  await dialog.locator('input').nth(2).fill('ঢাকা');
  await dialog.locator('input').nth(3).fill('01712345670');
  await dialog.getByRole('button').last().click();
  await expect(dialog).toBeHidden();
  await page.getByRole('radio').first().check();
  await page.screenshot({ path: testInfo.outputPath('checkout-390-bn.png'), fullPage: true });
  await page.getByRole('button', { name: 'ক্যাশ অন ডেলিভারি' }).click();
  await expect(page.getByTestId('order-success-total')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('success-390-bn.png'), fullPage: true });

  const list = await (await request.get('/api/order/get-all-order', { headers })).json();
  const order = list.data[0];
  const admin = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const ap = await admin.newPage();
  await ap.goto('/login');
  await ap.getByLabel('Email').fill('admin@haat.test');
  await ap.getByLabel('Password', { exact: true }).fill('admin123');
  await ap.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(ap).toHaveURL(/\/dashboard$/);
  await ap.evaluate(() => localStorage.setItem('haat.lang', 'bn'));
  await ap.goto(`/dashboard/invoice/${order._id}`);
  await expect(ap.getByTestId('order-discount-total')).toBeVisible();
  await ap.screenshot({ path: testInfo.outputPath('invoice-390-bn.png'), fullPage: true });
  await ap.emulateMedia({ media: 'print' });
  await ap.screenshot({ path: testInfo.outputPath('invoice-print-390-bn.png'), fullPage: true });
  await ap.pdf?.({ path: testInfo.outputPath('invoice.pdf') }).catch(() => undefined);
  await ap.emulateMedia({ media: 'screen' });
  await ap.goto('/dashboard/promotions');
  await expect(ap.getByTestId('promotion-card').first()).toBeVisible();
  await ap.screenshot({ path: testInfo.outputPath('promotions-390-bn.png'), fullPage: true });
  await ap.getByRole('button', { name: 'নতুন অফার' }).click();
  await ap.getByRole('button', { name: 'সংরক্ষণ করুন' }).click();
  await ap.screenshot({ path: testInfo.outputPath('promotion-form-errors-390-bn.png'), fullPage: true });
  await ap.goto('/dashboard/my-order');
  await ap.waitForTimeout(1500);
  await ap.screenshot({ path: testInfo.outputPath('admin-orders-390-bn.png'), fullPage: true });
  await ap.goto('/dashboard');
  await expect(ap.getByTestId('dashboard-promotions')).toBeVisible();
  await ap.getByTestId('dashboard-promotions').scrollIntoViewIfNeeded();
  await ap.screenshot({ path: testInfo.outputPath('dashboard-promotions-390-bn.png') });
});
