import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, chooseLanguage, expect, login } from './fixtures';

/**
 * The courier journeys' shared steps (RedX, Paperfly; issue 46): a guest's COD order in Dhaka, and the owner, in
 * Bangla on a phone, giving Dhaka to a courier with Steadfast as the fallback on the delivery settings page.
 */
export async function guestOrder(request: APIRequestContext, mobile: string, line: string) {
  const found = await request.post('/api/product/get-all-products', { data: { page: 1, limit: 20, search: 'Samsung' } });
  const product = ((await found.json()).data as { _id: string; stock: number }[]).find((p) => p.stock >= 3)!;
  const res = await request.post('/api/order', {
    data: { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product._id, quantity: 1 }], guest_user_delivery_address: { address_line: line, city: 'Dhaka', mobile } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { _id: string; orderId: string; total_amount: number };
}

export async function giveDhakaTo(page: Page, provider: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, ADMIN.email, ADMIN.password);
  await chooseLanguage(page, 'bn');
  await page.goto('/dashboard/delivery-setting');
  const rules = page.getByRole('region', { name: 'জেলা অনুযায়ী কুরিয়ার' });
  await rules.getByRole('combobox', { name: 'জেলা', exact: true }).selectOption('dhaka');
  await rules.getByRole('button', { name: 'একটি জেলা যোগ করুন' }).click();
  await rules.getByRole('combobox', { name: 'ঢাকা-এর কুরিয়ার' }).selectOption(provider);
  await rules.getByRole('combobox', { name: 'বিকল্প কুরিয়ার' }).selectOption('steadfast');
  await rules.getByRole('button', { name: 'কুরিয়ার সংরক্ষণ করুন' }).click();
  await expect(page.getByText('জেলা অনুযায়ী কুরিয়ার সংরক্ষণ হয়েছে।')).toBeVisible();
  return rules;
}
