import type { APIRequestContext } from '@playwright/test';
import { addGuestAddress, agreeToTerms, expect, test } from './fixtures';
import { shopNow } from './shop';
import { formatTaka } from '../packages/shared/src/money';
import { discountedPrice } from '../packages/shared/src/pricing';

/**
 * Issue 22: the owner creates an automatic offer and a voucher code on the
 * promotions page; a guest sees the offer's badge, applies the code in the
 * cart drawer, orders cash on delivery, and the invoice carries the
 * promotions and the amounts the server priced.
 */

interface Product {
  _id: string;
  name: string;
  price: number;
  discount: number;
  stock: number;
  quantity: number;
}

/** An in-stock product of at least 300 taka (so the voucher's minimum is met with one piece). */
async function findProduct(request: APIRequestContext): Promise<Product> {
  const res = await request.post('/api/product/get-all-products', { data: { page: 1, limit: 50, search: 'T-Shirt' } });
  const found = ((await res.json()).data as Product[]).find((p) => p.stock >= 3 && p.quantity >= 1 && discountedPrice(p.price, p.discount) >= 300);
  expect(found, 'a seeded T-Shirt of at least 300 taka').toBeTruthy();
  return found!;
}

/** A datetime-local value, in Dhaka time, `days` from the shop's now. */
const dhakaInput = (days: number) => new Date(shopNow() + days * 86_400_000 + 6 * 3600_000).toISOString().slice(0, 16);

test('an owner creates an offer and a code; a shopper sees the badge, applies the code and the invoice shows the amounts', async ({ adminPage, browser, request, adminToken }) => {
  // Two browsers, two promotions made through the form, an order and an invoice: about a minute on a quiet
  // machine, more on the shared one; the suite's 60 s is for one journey in one page.
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-6);
  const code = `WELCOME${stamp}`;
  const offerName = `Eid offer ${stamp}`;

  // The owner: an automatic 10 % off the whole order, and a 50 taka voucher from 200 taka; both combine.
  await adminPage.goto('/dashboard');
  await adminPage.getByRole('complementary').getByRole('link', { name: 'Promotions' }).click();
  await expect(adminPage).toHaveURL(/\/dashboard\/promotions$/);

  await adminPage.getByRole('button', { name: 'New promotion' }).click();
  let form = adminPage.getByRole('form', { name: 'New promotion' });
  await form.getByLabel('Name', { exact: true }).fill(offerName);
  await form.getByLabel('Bangla name (optional)').fill(`ঈদ অফার ${stamp}`);
  await form.getByLabel('Kind').selectOption('percent');
  await form.getByLabel('Value').fill('10');
  await form.getByLabel('Ends (Dhaka time)').fill(dhakaInput(7));
  await form.getByLabel('Combines with other promotions').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(adminPage.getByText('Promotion saved')).toBeVisible();
  await expect(adminPage.getByTestId('promotion-card').filter({ hasText: offerName })).toContainText('Running');
  // The first toast must have gone, so the next "Promotion saved" is the second save's own.
  await expect(adminPage.getByText('Promotion saved')).toBeHidden({ timeout: 15_000 });

  await adminPage.getByRole('button', { name: 'New promotion' }).click();
  form = adminPage.getByRole('form', { name: 'New promotion' });
  await form.getByLabel('Name', { exact: true }).fill(`Welcome voucher ${stamp}`);
  await form.getByLabel(/^Voucher code/).fill(code.toLowerCase());
  await form.getByLabel('Kind').selectOption('fixed');
  await form.getByLabel('Value').fill('50');
  await form.getByLabel('Minimum subtotal (taka)').fill('200');
  await form.getByLabel('Ends (Dhaka time)').fill(dhakaInput(7));
  await form.getByLabel('Combines with other promotions').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(adminPage.getByText('Promotion saved')).toBeVisible();
  await expect(adminPage.getByTestId('promotion-card').filter({ hasText: code })).toBeVisible();

  // The shopper, a guest in a browser of their own.
  const product = await findProduct(request);
  const shopper = await browser.newPage();
  await shopper.goto(`/product/p-${product._id}`);
  await expect(shopper.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(shopper.getByTestId('offer-badge').filter({ hasText: offerName })).toHaveText(`${offerName} −10 %`);
  await shopper.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(shopper.getByText('Add To Cart Successfully.').first()).toBeVisible();

  // What the server says this cart costs with the code: the drawer must show the same.
  const quoted = (await (await request.post('/api/promotion/quote', { data: { list_items: [{ product_id: product._id, quantity: 1 }], code, delivery_fee: 50 } })).json()).data;
  expect(quoted.code_error).toBeNull();
  expect(quoted.lines.map((l: { code: string | null; saving: number }) => [l.code, l.saving])).toEqual(expect.arrayContaining([[code, 50]]));

  await shopper.goto('/cart');
  const drawer = shopper.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByTestId('promotion-line').filter({ hasText: offerName })).toBeVisible();
  await drawer.getByLabel('Voucher code').fill(code.toLowerCase());
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer.getByText(`Code ${code} applied`)).toBeVisible();
  await expect(drawer.getByTestId('promotion-line').filter({ hasText: code })).toContainText(`−${formatTaka(50)}`);
  await expect(drawer.getByTestId('bill-grand-total')).toHaveText(formatTaka(quoted.total));

  await drawer.getByRole('button', { name: 'Checkout' }).click();
  await expect(shopper).toHaveURL(/\/checkout$/);
  await expect(shopper.getByText(`Code ${code} applied`)).toBeVisible();
  await addGuestAddress(shopper, { name: 'Salma Begum', addressLine: 'House 3, Road 9, Mirpur', mobile: `017${stamp}99`.slice(0, 11) });
  await expect(shopper.getByTestId('checkout-grand-total')).toHaveText(formatTaka(quoted.total));
  await agreeToTerms(shopper);
  await shopper.getByRole('button', { name: 'Cash On Delivery' }).click();
  await expect(shopper.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();
  await expect(shopper.getByTestId('order-success-total')).toHaveText(formatTaka(quoted.total));
  await shopper.close();

  // The order as stored: both promotions, the discount, and total = subtotal − discount + fee.
  const list = await (await request.get('/api/order/get-all-order', { headers: { authorization: `Bearer ${adminToken}` } })).json();
  const order = list.data[0] as { _id: string; orderId: string; subTotal_amount: number; delivery_fee: number; total_amount: number; discount_total: number; promotions: { name: string; code: string | null; saving: number }[] };
  expect(order.promotions.map((p) => p.code)).toEqual(expect.arrayContaining([code, null]));
  expect(order.discount_total).toBe(quoted.discount);
  expect(order.total_amount).toBe(quoted.total);
  expect(order.total_amount).toBe(order.subTotal_amount - order.discount_total + order.delivery_fee);

  // The printed invoice names the code and shows the same amounts.
  await adminPage.goto(`/dashboard/invoice/${order._id}`);
  const invoice = adminPage.getByRole('article', { name: `Invoice ${order.orderId}` });
  await expect(invoice.getByTestId('order-promotion').first()).toBeVisible();
  await expect(invoice).toContainText(`Welcome voucher ${stamp} (${code})`);
  await expect(invoice).toContainText(offerName);
  await expect(invoice.getByTestId('order-discount-total')).toHaveText(`−${formatTaka(order.discount_total)}`);
  await expect(invoice).toContainText(formatTaka(order.total_amount));

  // The owner's figures for the code: one order, 50 taka given away.
  await adminPage.goto('/dashboard/promotions');
  const voucherCard = adminPage.getByTestId('promotion-card').filter({ hasText: code });
  await expect(voucherCard.getByTestId('promotion-stats')).toContainText(formatTaka(50));

  // Paused, the offer leaves the shop (and the journeys after this one price without it).
  for (const card of [voucherCard, adminPage.getByTestId('promotion-card').filter({ hasText: offerName })]) {
    await card.getByRole('button', { name: /^Pause/ }).click();
    await expect(card).toContainText('Paused');
    await expect(card.getByRole('button', { name: /^Resume/ })).toBeVisible();
  }
  const offers = (await (await request.get('/api/promotion/offers')).json()).data as { name: string }[];
  expect(offers.map((o) => o.name)).not.toContain(offerName);
});

// Whatever happened above, no promotion of this journey stays running for the journeys after it.
test.afterEach(async ({ request, adminToken }) => {
  const headers = { authorization: `Bearer ${adminToken}` };
  const all = (await (await request.get('/api/promotion', { headers })).json()).data as { _id: string; name: string; active: boolean }[];
  for (const p of all.filter((p) => p.active && /^(Eid offer|Welcome voucher) \d{6}$/.test(p.name))) {
    await request.put(`/api/promotion/${p._id}/active`, { headers, data: { active: false } });
  }
});
