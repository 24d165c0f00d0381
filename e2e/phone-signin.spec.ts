import { agreeToTerms, expect, latestSms, test } from './fixtures';

/**
 * Issue 26: in Bangla, a guest puts something in the cart, continues with a
 * mobile number, types the code texted to it (without SMS settings the text is
 * a file in DATA_DIR/outbox/, as BulkSMSBD would have sent it), keeps the cart,
 * and buys cash on delivery.
 */

test('in Bangla, a shopper signs in with a mobile number and a texted code, keeps the cart and buys cash on delivery', async ({ page, request, adminToken }) => {
  const res = await request.post('/api/product/get-all-products', { data: { page: 1, limit: 20, search: 'T-Shirt' } });
  const product = ((await res.json()).data as { _id: string; name: string; stock: number }[]).find((p) => p.stock >= 2)!;
  expect(product).toBeTruthy();
  // A number of this run's own, so a reused data folder's daily caps never meet it.
  const local = `019${String(Date.now()).slice(-8)}`;
  const bengali = local.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/product/p-${product._id}`);
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
  await expect(page.getByTestId('mobile-cart-bar')).toContainText('১টি পণ্য');

  await page.goto('/login');
  // The sign-in pages carry the header's language toggle (issue 42).
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  await page.getByRole('link', { name: 'মোবাইল নম্বর দিয়ে চালিয়ে যান' }).click();
  await expect(page).toHaveURL(/\/login-mobile$/);
  await expect(page.getByRole('heading', { name: 'মোবাইল নম্বর দিয়ে চালিয়ে যান' })).toBeVisible();
  await page.getByLabel('মোবাইল নম্বর').fill(bengali);
  await page.getByRole('button', { name: 'এসএমএসে কোড পাঠান' }).click();
  await expect(page.getByText(`নম্বরে এসএমএসে পাঠানো ৬ সংখ্যার কোডটি লিখুন`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('phone-signin-code-390.png'), fullPage: false });

  // The text as BulkSMSBD would have sent it: Bangla, one segment, naming the shop.
  await expect.poll(() => latestSms(`88${local}`)).toBeTruthy();
  const sms = latestSms(`88${local}`)!;
  expect(sms).toMatch(/^.+: আপনার লগইন কোড \d{6}। ৫ মিনিট বৈধ। কাউকে জানাবেন না।$/);
  expect(sms.length).toBeLessThanOrEqual(70);
  const code = /(\d{6})/.exec(sms)![1]!;

  await page.getByLabel(/^(1|১) নম্বর ঘর$/).click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'সাইন ইন' }).click();
  await expect(page.getByText('লগইন সফল হয়েছে!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The guest's line is now in the account's cart.
  await page.goto('/cart');
  const drawer = page.getByRole('dialog', { name: 'কার্ট' });
  await expect(drawer.getByTestId('bill-quantity')).toHaveText('১টি পণ্য');
  await drawer.getByRole('button', { name: 'চেকআউট' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('button', { name: 'ঠিকানা যোগ করুন' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('প্রাপকের নাম').fill('করিম মিয়া');
  await dialog.getByLabel('ঠিকানার লাইন').fill('বাড়ি ৭, রোড ২, উত্তরা');
  await dialog.getByLabel('শহর').fill('Dhaka');
  // The phone account's verified number is filled in (issue 42): nothing typed twice.
  await expect(dialog.getByLabel('মোবাইল')).toHaveValue(local);
  await dialog.getByRole('button', { name: 'জমা দিন' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('radio', { name: /উত্তরা/ }).check();
  await agreeToTerms(page, 'bn');
  await page.getByRole('button', { name: 'ক্যাশ অন ডেলিভারি' }).click();
  await expect(page.getByRole('heading', { name: 'অর্ডার সফল হয়েছে!' })).toBeVisible();

  // The order is the phone account's: signed in, with the verified number.
  const list = await (await request.get('/api/order/get-all-order', { headers: { authorization: `Bearer ${adminToken}` } })).json();
  const order = (list.data as { mobile: string; userId: string | null; delivery_address: { address_line: string } | null }[]).find(
    (o) => o.delivery_address?.address_line === 'বাড়ি ৭, রোড ২, উত্তরা',
  );
  expect(order).toMatchObject({ payment_status: 'CASH-ON-DELIVERY', mobile: local });
  expect(order!.userId).toBeTruthy();
  await page.goto('/dashboard/profile');
  await expect(page.getByText(/যাচাই করা আছে: এটি দিয়ে সাইন ইন করতে পারবেন।/)).toBeVisible();
});
