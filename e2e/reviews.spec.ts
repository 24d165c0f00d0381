import sharp from 'sharp';
import { ADMIN, chooseLanguage, expect, latestSmsCode, login, test } from './fixtures';

/**
 * Issue 47 (decision 0124), in Bangla at phone width: a guest whose parcel was delivered proves the order's mobile
 * with a texted code and reviews it with a photo (a script in the text stays text), then edits it; the product page
 * shows the stars, the review and the variant, in the server's HTML too, and takes a guest's helpful vote once; the
 * owner replies from the moderation page.
 * Screenshots of both sides are kept with the test's output, to be looked at.
 */
test('a guest reviews a delivered item in Bangla; the product page and the owner see it', async ({ page, request, adminToken }, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const auth = { authorization: `Bearer ${adminToken}` };
  const products = (await (await request.post('/api/product/get-all-products', { data: { page: 1, limit: 50, search: '' } })).json()).data as { _id: string; name: string; stock: number; options?: unknown[] }[];
  const product = products.find((p) => p.stock >= 5 && !p.options?.length)!;
  const mobile = '01744455566';
  const placed = await request.post('/api/order', { data: { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product._id, quantity: 1 }], guest_user_delivery_address: { name: 'Nusrat Jahan', address_line: 'House 12, Road 4, Dhanmondi', city: 'Dhaka', mobile } } });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).data as { _id: string; orderId: string };
  expect((await request.patch(`/api/order/update-status/${order._id}`, { data: { status: 'Delivered' }, headers: auth })).ok()).toBeTruthy();

  // The guest, in Bangla: the code to the order's mobile, then the form.
  await page.goto('/review');
  await chooseLanguage(page, 'bn');
  await page.reload();
  await page.getByLabel('মোবাইল নম্বর').fill(mobile);
  await page.getByRole('button', { name: 'কোড পাঠান' }).click();
  await expect(page.getByLabel('এসএমএসের কোড')).toBeVisible();
  await expect.poll(() => latestSmsCode(mobile)).toBeTruthy();
  await page.getByLabel('এসএমএসের কোড').fill(latestSmsCode(mobile)!);
  await page.getByRole('button', { name: 'যাচাই করুন' }).click();
  const line = page.getByTestId('reviewable-line').filter({ hasText: order.orderId });
  await expect(line).toBeVisible();
  await line.locator('label').filter({ hasText: '৫ তারা' }).click();
  await expect(line.getByRole('radio', { name: '৫ তারা' })).toBeChecked();
  const text = 'খুব ভালো পণ্য, সময়মতো পেয়েছি। <script>alert(1)</script>';
  await line.getByLabel('আপনার রিভিউ (ঐচ্ছিক)').fill(text);
  const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#cc4455' } }).jpeg().toBuffer();
  await line.getByLabel('ছবি (সর্বোচ্চ ৫টি)').setInputFiles({ name: 'parcel.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(line.getByText('১টি ছবি বাছা হয়েছে')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('review-form-bn.png'), fullPage: true });
  await line.getByRole('button', { name: 'রিভিউ জমা দিন' }).click();
  await expect(page.getByText('রিভিউয়ের জন্য ধন্যবাদ।').first()).toBeVisible();
  await expect(line.getByText('আপনার রিভিউ', { exact: true })).toBeVisible();

  // Within 30 days the guest edits it: four stars, a longer text, the photo kept.
  await line.getByRole('button', { name: 'বদলান' }).click();
  const editForm = line.getByRole('form', { name: 'আপনার রিভিউ বদলান' });
  await editForm.locator('label').filter({ hasText: '৪ তারা' }).click();
  const edited = `${text} রং একটু হালকা।`;
  await editForm.getByLabel('আপনার রিভিউ (ঐচ্ছিক)').fill(edited);
  await expect(editForm.getByRole('checkbox', { name: '১ নম্বর ছবি রাখুন' })).toBeChecked();
  await editForm.getByRole('button', { name: 'পরিবর্তন সংরক্ষণ করুন' }).click();
  await expect(page.getByText('রিভিউ সংরক্ষিত হয়েছে।').first()).toBeVisible();
  await expect(line.getByTestId('own-review')).toContainText('রং একটু হালকা।');
  await expect(line.getByRole('button', { name: 'বদলান' })).toBeVisible();

  // The product page, in Bangla: the summary, the review as text, the photo, verified purchase.
  await page.goto(`/product/${product._id}`);
  const section = page.getByTestId('product-reviews');
  await expect(section.getByRole('heading', { name: 'রেটিং ও রিভিউ' })).toBeVisible();
  await expect(section.getByTestId('rating-summary')).toContainText('৫-এর মধ্যে');
  await expect(section.getByText(edited)).toBeVisible();
  await expect(section.getByText('যাচাই করা ক্রেতা').first()).toBeVisible();
  // A guest (no account) marks it helpful; a second click from the same browser does not count twice.
  const vote = section.getByTestId('review').filter({ hasText: edited }).getByRole('button', { name: 'সহায়ক (০)' });
  await vote.click();
  const voted = section.getByTestId('review').filter({ hasText: edited }).getByRole('button', { name: 'সহায়ক (১)' });
  await expect(voted).toBeVisible();
  await voted.click();
  await expect(page.getByText('ধন্যবাদ!').first()).toBeVisible();
  await expect(voted).toBeVisible();
  await expect(section.getByRole('img', { name: /একটি রিভিউয়ের ছবি/ }).first()).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('product-reviews-bn.png'), fullPage: true });

  // The server's HTML carries the review before any script runs, its text escaped.
  const html = await (await request.get(`/product/${product._id}`, { headers: { cookie: 'haat.lang=bn' } })).text();
  expect(html).toContain('রেটিং ও রিভিউ');
  expect(html).toContain('খুব ভালো পণ্য, সময়মতো পেয়েছি। &lt;script&gt;alert(1)&lt;/script&gt; রং একটু হালকা।');
  expect(html).not.toContain('<script>alert(1)</script>');
  expect(html).toContain('"aggregateRating"');

  // The owner, in Bangla: the review among the published ones; a public reply.
  await chooseLanguage(page, 'en');
  await login(page, ADMIN.email, ADMIN.password);
  await chooseLanguage(page, 'bn');
  await page.goto('/dashboard/reviews');
  await page.getByRole('button', { name: 'প্রকাশিত' }).click();
  const card = page.getByTestId('moderation-review').filter({ hasText: order.orderId });
  await expect(card).toContainText(edited);
  await card.getByLabel('প্রকাশ্য উত্তর').fill('ধন্যবাদ! আবার আসবেন।');
  await card.getByRole('button', { name: 'উত্তর সংরক্ষণ করুন' }).click();
  await expect(page.getByText('সংরক্ষিত হয়েছে।').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('moderation-bn.png'), fullPage: true });
  await page.goto(`/product/${product._id}`);
  await expect(page.getByTestId('product-reviews').getByText('ধন্যবাদ! আবার আসবেন।')).toBeVisible();

  // The same in English, for the eye.
  await chooseLanguage(page, 'en');
  await page.goto(`/product/${product._id}`);
  await expect(page.getByTestId('product-reviews').getByRole('heading', { name: 'Ratings and reviews' })).toBeVisible();
  await expect(page.getByTestId('product-reviews').getByText('Verified purchase').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('product-reviews-en.png'), fullPage: true });
  await page.goto('/dashboard/reviews');
  await page.getByRole('button', { name: 'Published' }).click();
  await expect(page.getByTestId('moderation-review').filter({ hasText: order.orderId })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('moderation-en.png'), fullPage: true });
});
