import type { APIRequestContext } from '@playwright/test';
import { guestOrder, giveDhakaTo } from './courier-journey';
import { expect, test } from './fixtures';

/**
 * Issue 46, RedX in Bangla: the owner gives Dhaka to RedX (Steadfast the fallback) on the delivery settings page;
 * the booking dialog suggests RedX with its price; RedX's webhooks (its local fake of the documented API, the
 * token in the query string) take one parcel through in transit to delivered and /track shows each step; a
 * second order, bulk-booked by suggestion, comes back returned.
 */

const REDX = `http://127.0.0.1:${process.env.E2E_REDX_PORT}`;
const TOKEN = 'e2e-redx-webhook-token-000';
const taka = new Intl.NumberFormat('bn-BD', { style: 'currency', currency: 'BDT' });

async function trackingOf(request: APIRequestContext, orderId: string): Promise<string> {
  const parcels = (await (await request.get(`${REDX}/__fake/parcels`)).json()) as { tracking_id: string; merchant_invoice_id: string }[];
  return parcels.find((p) => p.merchant_invoice_id === orderId)!.tracking_id;
}

test('RedX in Bangla: Dhaka set to RedX, booked with the suggestion, delivered by webhooks, and a second parcel returned', async ({ page, request, baseURL, adminToken }) => {
  test.skip(!process.env.E2E_REDX_PORT, 'needs the RedX fake of scripts/e2e.mjs');
  test.setTimeout(150_000);
  const auth = { authorization: `Bearer ${adminToken}` };
  const hook = (tracking_id: string, status: string) => request.post(`${REDX}/__fake/event`, { data: { url: `${baseURL}/api/courier/redx/webhook`, token: TOKEN, tracking_id, status } });
  try {
    // The owner, in Bangla, on a phone: Dhaka to RedX, Steadfast for every other address.
    const rules = await giveDhakaTo(page, 'redx');
    await rules.screenshot({ path: test.info().outputPath('courier-rules-bn.png') });

    // A guest's COD order in Gulshan, Dhaka; the dialog suggests RedX with its price for the parcel.
    const mobile = '01755546001';
    const order = await guestOrder(request, mobile, 'House 4, Road 2, Gulshan');
    await page.goto('/dashboard/my-order');
    const card = page.getByRole('article', { name: `অর্ডার ${order.orderId}` });
    await card.getByRole('button', { name: 'কুরিয়ার বুক করুন' }).click();
    const book = page.getByRole('dialog', { name: `${order.orderId}-এর জন্য কুরিয়ার বুক করুন` });
    const options = book.getByRole('region', { name: 'এই ঠিকানায় পাঠানোর উপায়' });
    await expect(options).toContainText('প্রস্তাবিত: RedX (ঢাকা-এর জন্য আপনার কুরিয়ার)');
    await expect(options.getByRole('listitem', { name: 'RedX' })).toContainText(taka.format(60 + Math.round(order.total_amount * 0.01)));
    await expect(book.getByLabel('কুরিয়ার', { exact: true })).toHaveValue('redx');
    await book.screenshot({ path: test.info().outputPath('redx-dialog-bn.png') });
    await book.getByRole('button', { name: 'বুকিং নিশ্চিত করুন' }).click();
    await expect(book).toBeHidden();
    const panel = card.getByRole('group', { name: 'কুরিয়ার' });
    await expect(panel).toContainText('RedX');
    await expect(panel).toContainText('বুক হয়েছে, পিকআপের অপেক্ষায়');
    const tracking = await trackingOf(request, order.orderId);
    await expect(panel).toContainText(tracking);

    // RedX's webhooks: at the hub, out for delivery, delivered.
    for (const status of ['ready-for-delivery', 'delivery-in-progress', 'delivered']) {
      expect(await (await hook(tracking, status)).json()).toEqual({ webhook_status: 200 });
    }
    await page.reload();
    await expect(page.getByLabel(`${order.orderId}-এর অবস্থা`)).toHaveValue('Delivered');
    const updates = card.getByRole('list', { name: 'কুরিয়ারের খবর' }).getByRole('listitem');
    await expect(updates).toHaveCount(4);
    await expect(card.getByRole('list', { name: 'কুরিয়ারের খবর' })).toContainText('ডেলিভারির পথে');
    await card.screenshot({ path: test.info().outputPath('redx-card-bn.png') });

    // Its label, in Bangla at phone width: RedX's tracking code on it.
    await page.goto(`/dashboard/labels?ids=${order._id}`);
    await expect(page.getByText(tracking).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('redx-label-bn.png'), fullPage: true });

    // The shopper tracks it in Bangla: every step done.
    await page.goto(`/track?orderId=${order.orderId}`);
    await page.getByLabel('মোবাইল নম্বর').fill(mobile);
    await page.getByRole('button', { name: 'ট্র্যাক করুন' }).click();
    const result = page.getByRole('article', { name: `অর্ডার ${order.orderId}` });
    const steps = result.getByRole('list', { name: 'ধাপসমূহ' }).getByRole('listitem');
    await expect(steps).toHaveCount(5);
    for (const step of await steps.all()) await expect(step).toHaveAttribute('data-done', 'true');
    await expect(result.getByRole('list', { name: 'খবরাখবর' })).toContainText('ডেলিভারি হাবে আছে');
    await page.screenshot({ path: test.info().outputPath('redx-track-bn.png'), fullPage: true });

    // A second order, bulk-booked with its suggested courier, comes back.
    const second = await guestOrder(request, '01755546002', 'Flat 2A, Dhanmondi');
    const bulk = await request.post('/api/courier/book', { data: { provider: 'suggested', orderIds: [second._id] }, headers: auth });
    expect((await bulk.json()).data[0]).toMatchObject({ ok: true, courier: { provider: 'redx' } });
    const back = await trackingOf(request, second.orderId);
    for (const status of ['ready-for-delivery', 'delivery-in-progress', 'agent-returning', 'returned']) {
      expect(await (await hook(back, status)).json()).toEqual({ webhook_status: 200 });
    }
    await page.goto('/dashboard/my-order');
    await expect(page.getByLabel(`${second.orderId}-এর অবস্থা`)).toHaveValue('Return');
    const secondCard = page.getByRole('article', { name: `অর্ডার ${second.orderId}` });
    await expect(secondCard.getByRole('list', { name: 'কুরিয়ারের খবর' })).toContainText('ফেরত আসছে');
    await secondCard.screenshot({ path: test.info().outputPath('redx-returned-card-bn.png') });
  } finally {
    // The other journeys of this shop book by hand: no rules left behind.
    await request.put('/api/courier/rules', { data: { rules: [], fallback: null }, headers: auth });
  }
});
