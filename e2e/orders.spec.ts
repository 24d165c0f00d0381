import type { APIRequestContext, Page } from '@playwright/test';
import { agreeToTerms, expect, test } from './fixtures';
import { formatTaka } from '../packages/shared/src/money';
import { cartTotals, discountedPrice } from '../packages/shared/src/pricing';

/**
 * The purchase journeys of issue 5 on the seeded demo shop: a guest buying
 * cash on delivery, a signed-in shopper using Buy Now and bKash, the guest
 * cart surviving login, and the shopper's own order list.
 */

interface Product {
  _id: string;
  name: string;
  price: number;
  discount: number;
  stock: number;
  quantity: number;
}

/** In-stock products whose names match, from the catalogue API. */
async function findProducts(request: APIRequestContext, search: string, count: number): Promise<Product[]> {
  const res = await request.post('/api/product/get-all-products', { data: { page: 1, limit: 20, search } });
  expect(res.ok()).toBeTruthy();
  const products = ((await res.json()).data as Product[]).filter((p) => p.stock >= 3 && p.quantity >= 2);
  expect(products.length).toBeGreaterThanOrEqual(count);
  return products.slice(0, count);
}

async function stockOf(request: APIRequestContext, productId: string): Promise<number> {
  const res = await request.post('/api/product/get-product-details', { data: { productId } });
  return (await res.json()).data.stock;
}

async function addToCart(page: Page, product: Product, message: string | RegExp) {
  await page.goto(`/product/p-${product._id}`);
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByText(message).first()).toBeVisible();
}

async function addAddress(page: Page, address: { name: string; address_line: string; city: string; mobile: string }) {
  await page.getByRole('button', { name: 'Add Address' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel("Recipient's name").fill(address.name);
  await dialog.getByLabel('Address Line').fill(address.address_line);
  await dialog.getByLabel('City').fill(address.city);
  await dialog.getByLabel('Mobile').fill(address.mobile);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
}

async function registerAndLogin(page: Page, email: string, password = 'secret123') {
  await page.goto('/register');
  await page.getByLabel('Name').fill('Rahim Uddin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a guest buys two products cash on delivery in Dhaka', async ({ page, request, adminToken }) => {
  const [a, b] = (await findProducts(request, 'T-Shirt', 2)) as [Product, Product];
  const stockBefore = [await stockOf(request, a._id), await stockOf(request, b._id)];

  await addToCart(page, a, 'Add To Cart Successfully.');
  await addToCart(page, b, 'Add To Cart Successfully.');
  await expect(page.locator('header').getByRole('link', { name: new RegExp(`2 Items`) })).toBeVisible();

  await page.goto('/cart');
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByTestId('cart-line')).toHaveCount(2);
  const totals = cartTotals([
    { ...a, quantity: 1 },
    { ...b, quantity: 1 },
  ]);
  await expect(drawer.getByTestId('cart-savings')).toHaveText(formatTaka(totals.savings));
  await expect(drawer.getByTestId('bill-items-total')).toContainText(formatTaka(totals.itemsTotal));
  await expect(drawer.getByTestId('bill-quantity')).toContainText('2 items');
  await expect(drawer.getByText(`Inside Dhaka: ${formatTaka(50)}`)).toBeVisible();
  await expect(drawer.getByTestId('bill-grand-total')).toHaveText(formatTaka(totals.itemsTotal + 50));

  await drawer.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('button', { name: 'Cash On Delivery' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Online Payment' })).toBeDisabled();
  await addAddress(page, { name: 'Karim Ahmed', address_line: 'House 12, Road 4, Dhanmondi', city: 'Dhaka', mobile: '01712345678' });
  await page.getByRole('radio', { name: /Dhanmondi/ }).check();
  await expect(page.getByTestId('checkout-delivery')).toHaveText(formatTaka(50));
  await expect(page.getByTestId('checkout-grand-total')).toHaveText(formatTaka(totals.itemsTotal + 50));
  await page.getByLabel('Note').fill('Please call before coming');
  await agreeToTerms(page);
  await page.getByRole('button', { name: 'Cash On Delivery' }).click();

  await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go To Home' })).toBeVisible();
  await expect(page.locator('header').getByText('My Cart')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('guestCart'))).toBe('[]');

  // The database holds exactly what was bought, at the server's prices.
  const token = adminToken;
  const list = await (await request.get('/api/order/get-all-order', { headers: { authorization: `Bearer ${token}` } })).json();
  const order = list.data[0];
  expect(order).toMatchObject({
    payment_status: 'CASH-ON-DELIVERY',
    subTotal_amount: totals.itemsTotal,
    delivery_fee: 50,
    total_amount: totals.itemsTotal + 50,
    customer_name: 'Karim Ahmed',
    guest_user_delivery_address: { name: 'Karim Ahmed', address_line: 'House 12, Road 4, Dhanmondi', city: 'Dhaka', mobile: '01712345678' },
    note: 'Please call before coming',
  });
  expect(order.product_details.map((i: { product_id: string; quantity: number }) => [i.product_id, i.quantity]).sort()).toEqual(
    [
      [a._id, 1],
      [b._id, 1],
    ].sort(),
  );
  expect([await stockOf(request, a._id), await stockOf(request, b._id)]).toEqual(stockBefore.map((s) => s - 1));
});

test('a signed-in shopper buys now outside Dhaka by bKash and sees the order in My Orders', async ({ page, request }) => {
  const [product] = (await findProducts(request, 'Samsung', 1)) as [Product];
  await registerAndLogin(page, `buyer${Date.now()}@test.haat`);

  await page.goto(`/product/p-${product._id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await addAddress(page, { name: 'Salma Begum', address_line: 'Zindabazar Point', city: 'Sylhet', mobile: '01812345678' });
  await page.getByRole('radio', { name: /Zindabazar/ }).check();
  const unit = discountedPrice(product.price, product.discount);
  await expect(page.getByTestId('checkout-delivery')).toHaveText(formatTaka(100));
  await expect(page.getByTestId('checkout-grand-total')).toHaveText(formatTaka(unit + 100));

  await agreeToTerms(page);
  await page.getByRole('button', { name: 'Online Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Payment Method' });
  await expect(dialog.getByTestId('wallet-number')).toHaveText('01700000000');
  await dialog.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(dialog.getByText('Select a method')).toBeVisible();
  await expect(dialog.getByText('Valid mobile number required')).toBeVisible();
  await dialog.getByLabel('Bkash', { exact: true }).check();
  await dialog.getByLabel('Transaction ID').fill('8N7A6B5C4D');
  await dialog.getByLabel('Mobile Number').fill('01912345678');
  await dialog.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();

  // Recorded once, as the shopper's, with the wallet details and the server's amounts.
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const mine = await (await request.get('/api/order/get-order', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(mine.data).toHaveLength(1);
  expect(mine.data[0]).toMatchObject({
    payment_status: 'bkash',
    transaction_id: '8N7A6B5C4D',
    mobile: '01912345678',
    subTotal_amount: unit,
    delivery_fee: 100,
    total_amount: unit + 100,
    delivery_address: { name: 'Salma Begum', address_line: 'Zindabazar Point', city: 'Sylhet', mobile: '01812345678' },
  });
  expect(mine.data[0].product_details).toMatchObject([{ product_id: product._id, quantity: 1 }]);

  await page.goto('/dashboard/orders');
  const card = page.getByTestId('my-order');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(product.name);
  await expect(card).toContainText('Pending');
  await expect(card).toContainText('Bkash');
  // A typed transaction id is not checked: the card says so beside the status.
  await expect(card.getByTestId('payment-state')).toHaveText('Payment not confirmed yet · trxID 8N7A6B5C4D');
  await expect(card).toContainText(formatTaka(unit + 100));
});

test('a guest cart survives login by merging into the server cart', async ({ page, request }) => {
  const email = `merge${Date.now()}@test.haat`;
  const password = 'secret123';
  const reg = await request.post('/api/user/register', { data: { name: 'Karim', email, password, confirmPassword: password } });
  expect(reg.ok()).toBeTruthy();
  const [product] = (await findProducts(request, 'T-Shirt', 1)) as [Product];

  await addToCart(page, product, 'Add To Cart Successfully.');
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('guestCart'))).toBe('[]');

  await page.goto('/cart');
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByTestId('cart-line')).toHaveCount(1);
  await expect(drawer.getByText(product.name)).toBeVisible();

  // It is the server cart now: it is there on a fresh page too.
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const cart = await (await request.get('/api/cart/get-cart-items', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(cart.data.map((l: { product_id: { _id: string }; quantity: number }) => [l.product_id._id, l.quantity])).toEqual([[product._id, 1]]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sticky bar shows count and taka total, opens the full-screen cart, and hides on /checkout', async ({ page, request }) => {
    const [product] = (await findProducts(request, 'T-Shirt', 1)) as [Product];
    await page.goto('/');
    await expect(page.getByTestId('mobile-cart-bar')).toHaveCount(0);

    await addToCart(page, product, 'Add To Cart Successfully.');
    const bar = page.getByTestId('mobile-cart-bar');
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(`1 Items`);
    await expect(bar).toContainText(formatTaka(discountedPrice(product.price, product.discount)));
    await expect(bar).not.toContainText('$');

    await bar.getByRole('link', { name: 'View Cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await expect(drawer).toBeVisible();
    expect((await drawer.boundingBox())?.width).toBe(390);

    // Quantity 0 removes the line in place, no reload.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await drawer.getByRole('button', { name: `Decrease ${product.name}` }).click();
    await expect(drawer.getByText('No items in your cart')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    await addToCart(page, product, 'Add To Cart Successfully.');
    await page.getByTestId('mobile-cart-bar').getByRole('link', { name: 'View Cart' }).click();
    await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByRole('heading', { name: 'Choose Your Address' })).toBeVisible();
    await expect(page.getByTestId('mobile-cart-bar')).toHaveCount(0);
  });
});
