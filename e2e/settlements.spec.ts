import type { APIRequestContext } from '@playwright/test';
import { ADMIN, chooseLanguage, expect, login, test } from './fixtures';

/**
 * Issue 44: courier settlements, walked by the owner in Bangla at phone width. Three COD phone orders are booked
 * with Steadfast (the local fake of its API) and delivered; Steadfast pays out two of them, one 50 taka short, and
 * leaves the third out. The owner reads the payout now, finds the short one and the unpaid one among the
 * exceptions, and resolves the short one with a note.
 */

const STEADFAST = `http://127.0.0.1:${process.env.E2E_STEADFAST_PORT}`;

async function deliveredParcels(request: APIRequestContext, auth: Record<string, string>, baseURL: string): Promise<{ orderNo: string; consignment: number }[]> {
  const listed = await request.post('/api/product/get-all-products', { data: { page: 1, limit: 20, search: 'Samsung' } });
  const product = ((await listed.json()).data as { _id: string; stock: number }[]).find((p) => p.stock >= 5)!;
  await request.post(`${STEADFAST}/__fake/webhook-config`, { data: { url: `${baseURL}/api/courier/steadfast/webhook`, token: 'e2e-steadfast-webhook-token' } });
  const parcels = [];
  for (const name of ['Rahim Uddin', 'Karim Mia', 'Salma Begum']) {
    const placed = await request.post('/api/order/manual', {
      headers: auth,
      data: { customer: { name, address_line: 'House 7, Road 3, Banani', city: 'Dhaka', mobile: '01712345678' }, method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product._id, quantity: 1 }] },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()).data as { _id: string; orderId: string };
    const booked = await request.post(`/api/order/${order._id}/courier`, { headers: auth, data: { provider: 'steadfast' } });
    expect(booked.ok(), await booked.text()).toBeTruthy();
    const consignments = (await (await request.get(`${STEADFAST}/__fake/consignments`)).json()) as { consignment_id: number; invoice: string }[];
    const consignment = consignments.find((c) => c.invoice === order.orderId)!.consignment_id;
    const sent = await request.post(`${STEADFAST}/__fake/deliver`, { data: { consignment_id: consignment, status: 'delivered', tracking_message: 'Delivered' } });
    expect(await sent.json()).toEqual({ webhook_status: 200 });
    parcels.push({ orderNo: order.orderId, consignment });
  }
  return parcels;
}

test('the owner reads Steadfast’s payout, sees the short and the missing parcel, and resolves one, in Bangla at phone width', async ({ browser, request, adminToken, baseURL }, testInfo) => {
  test.skip(!process.env.E2E_STEADFAST_PORT, 'needs the Steadfast fake of scripts/e2e.mjs');
  test.setTimeout(120_000);
  const auth = { authorization: `Bearer ${adminToken}` };
  const [short, paid, missing] = await deliveredParcels(request, auth, baseURL!);
  const payout = await request.post(`${STEADFAST}/__fake/payout`, { data: { consignmentIds: [short!.consignment, paid!.consignment, missing!.consignment], omit: [missing!.consignment], short: { [short!.consignment]: 50 } } });
  const reference = String(((await payout.json()) as { id: number }).id);

  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await login(page, ADMIN.email, ADMIN.password);
  await chooseLanguage(page, 'bn');
  await page.goto('/dashboard/settlements');
  await expect(page.getByRole('heading', { name: 'কুরিয়ারের হিসাব', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'এখনই স্টেডফাস্টের পেআউট পড়ুন' }).click();
  await expect(page.getByText(/নতুন পেআউট পড়া হয়েছে/)).toBeVisible();

  const exceptions = page.getByRole('list', { name: 'গরমিল' });
  const shortItem = exceptions.getByRole('listitem', { name: `স্টেডফাস্ট ${short!.consignment}` });
  await expect(shortItem).toContainText('কম টাকা দিয়েছে');
  await expect(shortItem).toContainText(short!.orderNo);
  await expect(shortItem).toContainText('৫০.০০৳');
  await expect(exceptions.getByRole('listitem', { name: `স্টেডফাস্ট ${missing!.consignment}` })).toContainText('এখনো টাকা দেয়নি');
  await expect(exceptions.getByRole('listitem', { name: `স্টেডফাস্ট ${paid!.consignment}` })).toHaveCount(0);
  const payouts = page.getByRole('list', { name: 'পেআউট' });
  await expect(payouts.getByRole('listitem').filter({ hasText: reference })).toContainText('১টি গরমিল');
  await page.screenshot({ path: testInfo.outputPath('settlements-bn-phone.png'), fullPage: true });

  await shortItem.getByLabel('নোট').fill('বাকি ৫০ টাকা নগদে পাওয়া গেছে');
  await shortItem.getByRole('button', { name: 'মীমাংসা হয়েছে' }).click();
  await expect(exceptions.getByRole('listitem', { name: `স্টেডফাস্ট ${short!.consignment}` })).toContainText('মীমাংসা: বাকি ৫০ টাকা নগদে পাওয়া গেছে');
  // The page is wholly in Bangla: no English word of ours on it (brands, codes and numbers aside).
  for (const english of ['Courier settlements', 'Exceptions', 'Paid short', 'Not paid yet', 'Mark resolved']) await expect(page.getByText(english, { exact: true })).toHaveCount(0);

  // The audit log has the resolution.
  const audit = await (await request.get('/api/audit', { headers: auth, params: { kind: 'settlement' } })).json();
  expect(JSON.stringify(audit.data)).toContain('resolve');
  await chooseLanguage(page, 'en');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Courier settlements', level: 1 })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('settlements-en-phone.png'), fullPage: true });
  await phone.close();
});
