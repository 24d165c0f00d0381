import type { APIRequestContext } from '@playwright/test';
import { guestOrder, giveDhakaTo } from './courier-journey';
import { expect, test } from './fixtures';

/**
 * Issue 46, Paperfly in Bangla (decision 0129): the owner gives Dhaka to Paperfly on the delivery settings page;
 * the booking dialog suggests it; Paperfly's webhooks (its local fake, the shared secret in a header) take one
 * parcel from booked through in transit to delivered and /track shows each step; a second order, bulk-booked by
 * suggestion, comes back returned.
 */

const PAPERFLY = `http://127.0.0.1:${process.env.E2E_PAPERFLY_PORT}`;
const SECRET = 'e2e-paperfly-webhook-secret-00';

async function paperflyOrder(request: APIRequestContext, orderId: string) {
  const booked = (await (await request.get(`${PAPERFLY}/__fake/orders`)).json()) as { merOrderRef: string; tracking_number: string; body: Record<string, string> }[];
  return booked.find((o) => o.merOrderRef === orderId)!;
}

test('Paperfly in Bangla: Dhaka set to Paperfly, booked with the suggestion, delivered by webhooks, and a second parcel returned', async ({ page, request, baseURL, adminToken }) => {
  test.skip(!process.env.E2E_PAPERFLY_PORT, 'needs the Paperfly fake of scripts/e2e.mjs');
  test.setTimeout(150_000);
  const auth = { authorization: `Bearer ${adminToken}` };
  const hook = (merOrderRef: string, event: string) => request.post(`${PAPERFLY}/__fake/event`, { data: { url: `${baseURL}/api/courier/paperfly/webhook`, secret: SECRET, merOrderRef, event } });
  try {
    // The owner, in Bangla, on a phone: Dhaka to Paperfly, Steadfast for every other address.
    await giveDhakaTo(page, 'paperfly');

    // A guest's COD order in Mirpur, Dhaka; the dialog suggests Paperfly.
    const mobile = '01755547001';
    const order = await guestOrder(request, mobile, 'House 9, Road 3, Mirpur');
    await page.goto('/dashboard/my-order');
    const card = page.getByRole('article', { name: `অর্ডার ${order.orderId}` });
    await card.getByRole('button', { name: 'কুরিয়ার বুক করুন' }).click();
    const book = page.getByRole('dialog', { name: `${order.orderId}-এর জন্য কুরিয়ার বুক করুন` });
    const options = book.getByRole('region', { name: 'এই ঠিকানায় পাঠানোর উপায়' });
    await expect(options).toContainText('প্রস্তাবিত: Paperfly (ঢাকা-এর জন্য আপনার কুরিয়ার)');
    await expect(book.getByLabel('কুরিয়ার', { exact: true })).toHaveValue('paperfly');
    await book.screenshot({ path: test.info().outputPath('paperfly-dialog-bn.png') });
    await book.getByRole('button', { name: 'বুকিং নিশ্চিত করুন' }).click();
    await expect(book).toBeHidden();

    // Booked: Paperfly has the parcel, in its thana and district, for the amount due.
    const placed = await paperflyOrder(request, order.orderId);
    expect(placed.body).toMatchObject({ customerThana: 'Mirpur', customerDistrict: 'Dhaka', packagePrice: String(order.total_amount), custPhone: mobile });
    const panel = card.getByRole('group', { name: 'কুরিয়ার' });
    await expect(panel).toContainText('Paperfly');
    await expect(panel).toContainText('বুক হয়েছে, পিকআপের অপেক্ষায়');
    await expect(panel).toContainText(placed.tracking_number);

    // Paperfly's webhooks: picked, in transit, at the delivery point, out for delivery, delivered.
    for (const event of ['picked', 'in-transit', 'received-at-point']) expect(await (await hook(order.orderId, event)).json()).toEqual({ webhook_status: 200 });
    await page.reload();
    await expect(card.getByRole('list', { name: 'কুরিয়ারের খবর' })).toContainText('ডেলিভারি পয়েন্টে পৌঁছেছে');
    for (const event of ['picked-for-delivery', 'delivered']) expect(await (await hook(order.orderId, event)).json()).toEqual({ webhook_status: 200 });
    await page.reload();
    await expect(page.getByLabel(`${order.orderId}-এর অবস্থা`)).toHaveValue('Delivered');
    await expect(card.getByRole('list', { name: 'কুরিয়ারের খবর' }).getByRole('listitem')).toHaveCount(6);
    await card.screenshot({ path: test.info().outputPath('paperfly-card-bn.png') });

    // Its label, in Bangla at phone width: Paperfly's tracking number on it.
    await page.goto(`/dashboard/labels?ids=${order._id}`);
    await expect(page.getByText(placed.tracking_number).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('paperfly-label-bn.png'), fullPage: true });

    // The shopper tracks it in Bangla: every step done.
    await page.goto(`/track?orderId=${order.orderId}`);
    await page.getByLabel('মোবাইল নম্বর').fill(mobile);
    await page.getByRole('button', { name: 'ট্র্যাক করুন' }).click();
    const result = page.getByRole('article', { name: `অর্ডার ${order.orderId}` });
    const steps = result.getByRole('list', { name: 'ধাপসমূহ' }).getByRole('listitem');
    await expect(steps).toHaveCount(5);
    for (const step of await steps.all()) await expect(step).toHaveAttribute('data-done', 'true');
    await expect(result.getByRole('list', { name: 'খবরাখবর' })).toContainText('ডেলিভারি পয়েন্টে পৌঁছেছে');
    await page.screenshot({ path: test.info().outputPath('paperfly-track-bn.png'), fullPage: true });

    // A second order, bulk-booked with its suggested courier, comes back.
    const second = await guestOrder(request, '01755547002', 'Flat 2A, Dhanmondi');
    const bulk = await request.post('/api/courier/book', { data: { provider: 'suggested', orderIds: [second._id] }, headers: auth });
    expect((await bulk.json()).data[0]).toMatchObject({ ok: true, courier: { provider: 'paperfly' } });
    for (const event of ['picked', 'in-transit', 'customer-unreachable', 'return-in-transit', 'returned']) {
      expect(await (await hook(second.orderId, event)).json()).toEqual({ webhook_status: 200 });
    }
    await page.goto('/dashboard/my-order');
    await expect(page.getByLabel(`${second.orderId}-এর অবস্থা`)).toHaveValue('Return');
    const secondCard = page.getByRole('article', { name: `অর্ডার ${second.orderId}` });
    await expect(secondCard.getByRole('list', { name: 'কুরিয়ারের খবর' })).toContainText('ক্রেতাকে পাওয়া যায়নি');
    await secondCard.screenshot({ path: test.info().outputPath('paperfly-returned-card-bn.png') });
  } finally {
    // The other journeys of this shop book by hand: no rules left behind.
    await request.put('/api/courier/rules', { data: { rules: [], fallback: null }, headers: auth });
  }
});
