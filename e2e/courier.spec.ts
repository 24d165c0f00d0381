import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN, agreeToTerms, expect, login, test } from './fixtures';

/**
 * Issue 13, courier and tracking: a guest orders cash on delivery, the admin
 * books it with Steadfast (the local fake of its documented API), Steadfast's
 * webhooks say in transit and then delivered, and /track shows each step.
 */

const STEADFAST = `http://127.0.0.1:${process.env.E2E_STEADFAST_PORT}`;
const MOBILE = '01755512345';

async function aProduct(request: APIRequestContext) {
  const res = await request.post('/api/product/get-all-products', { data: { page: 1, limit: 20, search: 'Samsung' } });
  const products = ((await res.json()).data as { _id: string; name: string; stock: number }[]).filter((p) => p.stock >= 3);
  expect(products.length).toBeGreaterThan(0);
  return products[0]!;
}

test('a guest orders COD, the admin books Steadfast, webhooks deliver it, and /track shows each step', async ({ page, request, baseURL }) => {
  test.skip(!process.env.E2E_STEADFAST_PORT, 'needs the Steadfast fake of scripts/e2e.mjs');
  test.setTimeout(120_000);
  const product = await aProduct(request);

  // The guest's order.
  await page.goto(`/product/p-${product._id}`);
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByText('Add To Cart Successfully.').first()).toBeVisible();
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Add Address' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel("Recipient's name").fill('Nasrin Akter');
  await dialog.getByLabel('Address Line').fill('Flat 3B, Road 7, Gulshan');
  await dialog.getByLabel('City').fill('Dhaka');
  await dialog.getByLabel('Mobile').fill(MOBILE);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('radio', { name: /Gulshan/ }).check();
  await agreeToTerms(page);
  await page.getByRole('button', { name: 'Cash On Delivery' }).click();
  await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();
  const orderId = (await page.locator('strong.font-mono').textContent())!.trim();
  expect(orderId).toMatch(/^HT-\d{8}-[A-Z2-9]{6}$/);
  const trackLink = page.getByRole('link', { name: 'Track your order' });
  await expect(trackLink).toHaveAttribute('href', `/track?orderId=${orderId}`);

  // The admin books it with Steadfast from its card.
  const admin = await page.context().browser()!.newContext();
  const adminPage = await admin.newPage();
  await login(adminPage, ADMIN.email, ADMIN.password);
  await adminPage.goto('/dashboard/my-order');
  const card = adminPage.getByRole('article', { name: `Order ${orderId}` });
  await card.getByRole('button', { name: 'Book courier' }).click();
  const book = adminPage.getByRole('dialog', { name: `Book courier for ${orderId}` });
  await expect(book.getByLabel('Courier')).toHaveValue('steadfast');
  await book.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(book).toBeHidden();
  const panel = card.getByRole('group', { name: 'Courier' });
  await expect(panel).toContainText('Steadfast');
  await expect(panel).toContainText('Booked, in review'); // Steadfast's 'in_review', said as a person would
  const consignments = (await (await request.get(`${STEADFAST}/__fake/consignments`)).json()) as { consignment_id: number; invoice: string; tracking_code: string; cod_amount: number }[];
  const parcel = consignments.find((c) => c.invoice === orderId)!;
  expect(parcel.cod_amount).toBeGreaterThan(0);
  await expect(panel).toContainText(parcel.tracking_code);
  await expect(panel).toContainText(String(parcel.consignment_id));

  // Steadfast's webhooks: in transit, then delivered.
  await request.post(`${STEADFAST}/__fake/webhook-config`, { data: { url: `${baseURL}/api/courier/steadfast/webhook`, token: 'e2e-steadfast-webhook-token' } });
  for (const [status, message] of [
    ['pending', 'Picked up and on the way'],
    ['delivered', 'Delivered to the customer'],
  ]) {
    const sent = await request.post(`${STEADFAST}/__fake/deliver`, { data: { consignment_id: parcel.consignment_id, status, tracking_message: message } });
    expect(await sent.json()).toEqual({ webhook_status: 200 });
  }
  await adminPage.reload();
  await expect(adminPage.getByLabel(`Status of ${orderId}`)).toHaveValue('Delivered');
  await expect(card.getByRole('list', { name: 'Courier updates' }).getByRole('listitem')).toHaveCount(3);
  await card.screenshot({ path: test.info().outputPath('admin-card.png') });

  // The shopper tracks it: every step done, with no name and no address on the page.
  await trackLink.click();
  await expect(page).toHaveURL(new RegExp(`/track\\?orderId=${orderId}$`));
  await page.getByLabel('Mobile number').fill('+880 1755-512345');
  await page.getByRole('button', { name: 'Track' }).click();
  const result = page.getByRole('article', { name: `Order ${orderId}` });
  await expect(result).toContainText('Delivered');
  const steps = result.getByRole('list', { name: 'Steps' }).getByRole('listitem');
  await expect(steps).toHaveText([/^Placed.+/, /^Booked.+/, /^Picked$/, /^In transit.+/, /^Delivered.+/]);
  for (const step of await steps.all()) await expect(step).toHaveAttribute('data-done', 'true');
  await expect(result.getByRole('list', { name: 'Updates' })).toContainText('Delivered to the customer');
  await expect(page.getByText('Gulshan')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('track.png'), fullPage: true });

  // A wrong mobile finds nothing.
  await page.getByLabel('Mobile number').fill('01899999999');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByRole('alert')).toHaveText('No order matches that order id and mobile number.');
  await admin.close();

  // The shopper was texted three times (without SMS settings the texts go to DATA_DIR/outbox/): placed, booked with the tracking code, delivered.
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const texts = () =>
    readdirSync(outbox)
      .filter((f) => f.endsWith('.sms.json'))
      .map((f) => JSON.parse(readFileSync(path.join(outbox, f), 'utf8')) as { to: string; text: string })
      .filter((m) => m.text.includes(orderId));
  await expect.poll(() => texts().length).toBe(3);
  expect(texts().every((m) => m.to === '8801755512345')).toBe(true);
  expect(texts().map((m) => m.text).join('\n')).toContain(`ট্র্যাকিং ${parcel.tracking_code}`);
});
