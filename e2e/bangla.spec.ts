import { agreeToTerms, chooseLanguage, expect, login, test } from './fixtures';

/**
 * Issue 14: a shopper switches the shop to Bangla with the header toggle and
 * buys cash on delivery, typing the mobile number in Bengali digits; the
 * order is saved with 01712345678.
 */
test('a guest switches to Bangla and buys cash on delivery with a Bengali-digit mobile', async ({ page, request, adminToken }) => {
  const res = await request.post('/api/product/get-all-products', { data: { page: 1, limit: 20, search: 'T-Shirt' } });
  const product = ((await res.json()).data as { _id: string; name: string; stock: number }[]).find((p) => p.stock >= 2)!;
  expect(product).toBeTruthy();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  expect(await page.evaluate(() => localStorage.getItem('haat.lang'))).toBe('bn');
  // The owner's Bangla category names: the home tile and its row's heading.
  await expect(page.getByRole('link', { name: 'ফ্যাশন ও লাইফস্টাইল' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'ফ্যাশন ও লাইফস্টাইল' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('bangla-home-390.png'), fullPage: false });

  // The choice survives a reload.
  await page.goto(`/product/p-${product._id}`);
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { name: 'পণ্যের বিবরণ' })).toBeVisible();
  await page.getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
  // The phone's cart bar counts in Bangla with Bengali digits (the 2 s toast may be gone on a loaded machine).
  await expect(page.getByTestId('mobile-cart-bar')).toContainText('১টি পণ্য');
  await expect(page.getByRole('link', { name: 'কার্ট দেখুন' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('bangla-product-390.png'), fullPage: false });

  await page.goto('/cart');
  const drawer = page.getByRole('dialog', { name: 'কার্ট' });
  await expect(drawer.getByText('বিলের বিবরণ')).toBeVisible();
  await expect(drawer.getByTestId('bill-quantity')).toHaveText('১টি পণ্য');
  await drawer.getByRole('button', { name: 'চেকআউট' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'আপনার ঠিকানা বেছে নিন' })).toBeVisible();

  await page.getByRole('button', { name: 'ঠিকানা যোগ করুন' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('প্রাপকের নাম').fill('রহিম উদ্দিন');
  await dialog.getByLabel('ঠিকানার লাইন').fill('বাড়ি ১২, রোড ৪, ধানমন্ডি');
  await dialog.getByLabel('শহর').fill('Dhaka');
  const mobile = dialog.getByLabel('মোবাইল');
  await mobile.fill('০১৭১২৩৪৫৬৭৮');
  await mobile.blur();
  await expect(mobile).toHaveValue('01712345678');
  await dialog.getByRole('button', { name: 'জমা দিন' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('radio', { name: /ধানমন্ডি/ }).check();
  await page.screenshot({ path: test.info().outputPath('bangla-checkout-390.png'), fullPage: true });
  // The terms and data-use box, in Bangla (issue 27, decision 0077).
  await agreeToTerms(page, 'bn');
  await page.getByRole('button', { name: 'ক্যাশ অন ডেলিভারি' }).click();

  await expect(page.getByRole('heading', { name: 'অর্ডার সফল হয়েছে!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'হোমে যান' })).toBeVisible();
  // After a reload in Bangla the toggle still switches back.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'বাংলা' })).toBeVisible();

  const list = await (await request.get('/api/order/get-all-order', { headers: { authorization: `Bearer ${adminToken}` } })).json();
  const order = (list.data as { guest_user_delivery_address: { address_line: string } | null }[]).find(
    (o) => o.guest_user_delivery_address?.address_line === 'বাড়ি ১২, রোড ৪, ধানমন্ডি',
  );
  expect(order).toMatchObject({
    payment_status: 'CASH-ON-DELIVERY',
    mobile: '01712345678',
    guest_user_delivery_address: { city: 'Dhaka', mobile: '01712345678' },
  });
});

/**
 * Issue 42: a signed-in shopper's cart is the server's, and in Bangla it named the products in English
 * (a guest's cart, in the browser, had their Bangla names). The cart, the checkout, the order success
 * page and My Orders say the Bangla name; in English, the English one.
 */
test("a signed-in shopper's Bangla cart, checkout, order success and My Orders name the product in Bangla", async ({ page, request, account }, testInfo) => {
  const token = ((await (await request.post('/api/user/login', { data: account })).json()).data as { access_token: string }).access_token;
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.post('/api/address/add-address', { headers, data: { name: 'রহিম উদ্দিন', address_line: 'বাড়ি ৭, রোড ২, মিরপুর', city: 'Dhaka', mobile: '01733344488' } })).ok()).toBe(true);
  const res = await request.post('/api/product/get-all-products', { data: { page: 1, limit: 50, search: '' } });
  const product = ((await res.json()).data as { _id: string; name: string; name_bn: string; stock: number; options?: unknown[] }[]).find((p) => p.name_bn && p.stock >= 2 && !p.options?.length)!;
  expect(product).toBeTruthy();
  expect((await request.post('/api/cart/add-to-cart', { headers, data: { product_id: product._id, quantity: 1 } })).ok()).toBe(true);

  await login(page, account.email, account.password);
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  await page.goto('/cart');
  const line = page.getByRole('dialog', { name: 'কার্ট' }).getByTestId('cart-line');
  await expect(line).toContainText(product.name_bn);
  await expect(line).not.toContainText(product.name);
  await page.screenshot({ path: testInfo.outputPath('signed-in-cart-bn.png') });

  await page.getByRole('dialog', { name: 'কার্ট' }).getByRole('button', { name: 'চেকআউট' }).click();
  await expect(page.getByRole('list', { name: 'এই অর্ডারের পণ্য' })).toContainText(product.name_bn);
  await page.getByRole('radio', { name: /মিরপুর/ }).check();
  await agreeToTerms(page, 'bn');
  await page.getByRole('button', { name: 'ক্যাশ অন ডেলিভারি' }).click();
  await expect(page.getByRole('heading', { name: 'অর্ডার সফল হয়েছে!' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'অর্ডার করা পণ্য' })).toContainText(product.name_bn);

  await page.goto('/dashboard/orders');
  await expect(page.getByText(product.name_bn).first()).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByText(product.name).first()).toBeVisible();
  await expect(page.getByText(product.name_bn)).toHaveCount(0);
});

test('the server accepts a mobile number typed in Bengali digits with +880', async ({ request }) => {
  const res = await request.post('/api/product/get-all-products', { data: { page: 1, limit: 20, search: 'T-Shirt' } });
  const product = ((await res.json()).data as { _id: string; stock: number }[]).find((p) => p.stock >= 2)!;
  const placed = await request.post('/api/order', {
    data: {
      method: 'CASH-ON-DELIVERY',
      list_items: [{ product_id: product._id, quantity: '১' }],
      guest_user_delivery_address: { address_line: 'House 1', city: 'Dhaka', mobile: '+৮৮০ ১৮১২-৩৪৫৬৭৮' },
    },
  });
  expect(placed.status()).toBe(201);
  expect((await placed.json()).data.guest_user_delivery_address).toMatchObject({ mobile: '01812345678' });
});

/**
 * Issue 19: the owner prints an invoice and a label in Bangla on a phone. The
 * recipient's name typed at checkout heads both, the Bangla Dhaka address pays
 * the inside-Dhaka fee (৫০.০০৳), and the pages carry Bengali digits only.
 */
test('the owner prints an invoice and a label in Bangla at 390 px', async ({ adminPage: page }, testInfo) => {
  const res = await page.request.post('/api/product/get-all-products', { data: { page: 1, limit: 20, search: 'T-Shirt' } });
  const product = ((await res.json()).data as { _id: string; stock: number }[]).find((p) => p.stock >= 2)!;
  const placed = await page.request.post('/api/order', {
    data: {
      method: 'CASH-ON-DELIVERY',
      list_items: [{ product_id: product._id, quantity: 1 }],
      guest_user_delivery_address: { name: 'করিম মিয়া', address_line: 'বাড়ি ৭, রোড ২, মিরপুর', city: 'ঢাকা', mobile: '01712345679' },
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).data as { _id: string; orderId: string; delivery_fee: number };
  expect(order.delivery_fee).toBe(50);

  await page.setViewportSize({ width: 390, height: 844 });
  await chooseLanguage(page, 'bn');
  await page.goto(`/dashboard/invoice/${order._id}`);
  const invoice = page.getByRole('article', { name: `ইনভয়েস ${order.orderId}` });
  await expect(invoice).toContainText('করিম মিয়া');
  await expect(invoice).toContainText('ডেলিভারি চার্জ');
  await expect(invoice).toContainText('৫০.০০৳');
  await expect(invoice).toContainText('০১৭১২৩৪৫৬৭৯');
  await page.screenshot({ path: testInfo.outputPath('bangla-invoice-390.png'), fullPage: true });

  await page.goto(`/dashboard/labels?ids=${order._id}`);
  const label = page.getByRole('article', { name: `লেবেল ${order.orderId}` });
  await expect(label).toContainText('করিম মিয়া');
  await expect(label).toContainText('০১৭১২৩৪৫৬৭৯');
  await expect(label).not.toContainText('01712345679');
  await page.screenshot({ path: testInfo.outputPath('bangla-label-390.png'), fullPage: true });
});
