import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 13, the admin's delivery office: a phone order keyed in on the New
 * order screen, then invoices and a label sheet printed to PDF by Chromium.
 * The PDFs' pages are turned into PNGs (pdftoppm when installed) beside the
 * test's output, to be looked at.
 */

const dataDir = process.env.E2E_DATA_DIR ?? '';

async function adminToken(page: Page) {
  return (await page.evaluate(() => localStorage.getItem('access_token')))!;
}

/** A product of the demo shop with stock, found through the public API. */
async function productInStock(page: Page) {
  const res = await page.request.post('/api/product/get-all-products', { data: { page: 1, limit: 50, search: '' } });
  const products = (await res.json()).data as { _id: string; name: string; stock: number; quantity: number }[];
  return products.find((p) => p.stock >= 20 && p.quantity >= 3)!;
}

/** PDF pages in a buffer Chromium wrote. */
const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

/** Writes the PDF and, when poppler's pdftoppm is there, one PNG per page; answers the PNG paths. */
function keepPdf(pdf: Buffer, file: string): string[] {
  writeFileSync(file, pdf);
  try {
    execFileSync('pdftoppm', ['-png', '-r', '60', file, file.replace(/\.pdf$/, '')]);
  } catch {
    return [];
  }
  const base = path.basename(file, '.pdf');
  return readdirSync(path.dirname(file))
    .filter((f) => f.startsWith(base) && f.endsWith('.png'))
    .map((f) => path.join(path.dirname(file), f));
}

test('admin enters a phone order: priced by the server, marked as a phone order, SMS to the buyer', async ({ adminPage: page }, testInfo) => {
  const product = await productInStock(page);
  await page.goto('/dashboard/my-order');
  await page.getByRole('link', { name: 'New order', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New order' })).toBeVisible();

  await page.getByLabel('Find a product').fill(product.name);
  await page.getByRole('list', { name: 'Products found' }).getByRole('button', { name: `Add ${product.name}` }).first().click();
  await page.getByLabel(`Quantity of ${product.name}`).fill('2');
  // Missing buyer details: said on the form, nothing sent.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText("Enter the buyer's name")).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Rahima Khatun');
  await expect(page.getByText("Enter the buyer's name")).toBeHidden();
  await page.getByLabel('Mobile').fill('01812345678');
  await page.getByLabel('Address Line').fill('House 4, Zindabazar');
  await page.getByLabel('City').fill('Sylhet');
  await page.getByLabel('Cash On Delivery').check();
  await page.screenshot({ path: testInfo.outputPath('new-order.png'), fullPage: true });
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Order placed successfully.')).toBeVisible();
  const placed = page.getByRole('status').filter({ hasText: 'placed' });
  const orderId = (await placed.locator('.font-mono').textContent())!;
  expect(orderId).toMatch(/^HT-\d{8}-[A-Z2-9]{6}$/);
  // The form is empty again for the next call.
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');

  await page.goto('/dashboard/my-order');
  const card = page.getByTestId('order-card').filter({ hasText: orderId });
  await expect(card).toContainText('Phone order · Rahima Khatun');
  await expect(card).toContainText('House 4, Zindabazar, Sylhet (01812345678)');
  await expect(card).toContainText('Cash On Delivery');
  await card.getByRole('button', { name: 'SMS log' }).click();
  await expect(card.getByRole('list', { name: `SMS log of ${orderId}` })).toContainText(`Sent: placed via outbox`);
  await card.screenshot({ path: testInfo.outputPath('order-card.png') });

  // Without SMS settings the message is in DATA_DIR/outbox/.
  const outbox = path.join(dataDir, 'outbox');
  const sms = readdirSync(outbox)
    .filter((f) => f.endsWith('.sms.json'))
    .map((f) => JSON.parse(readFileSync(path.join(outbox, f), 'utf8')) as { to: string; text: string })
    .filter((m) => m.text.includes(orderId));
  expect(sms).toHaveLength(1);
  expect(sms[0]!.to).toBe('8801812345678');
});

test('admin prints an invoice and a label sheet to PDF', async ({ adminPage: page, context }, testInfo) => {
  test.setTimeout(120_000);
  const token = await adminToken(page);
  const product = await productInStock(page);
  // Nine orders keyed in through the API: more than one A4 sheet of labels (eight a page).
  const buyers = [
    ['Karim Ahmed', 'Flat 3B, House 27, Road 11, Dhanmondi R/A', 'Dhaka', 'CASH-ON-DELIVERY'],
    ['রহিম উদ্দিন', 'গ্রাম: চরপাড়া, ডাকঘর: মধুপুর, উপজেলা: মধুপুর', 'Tangail', 'CASH-ON-DELIVERY'],
    ['Nusrat Jahan', 'Agrabad C/A, Chattogram, opposite the Sabrina Sobhan Building, 5th floor of the long yellow one', 'Chattogram', 'bkash'],
    ['Sadia Islam', 'Zindabazar', 'Sylhet', 'CASH-ON-DELIVERY'],
    ['Tanvir Hasan', 'Shaheb Bazar', 'Rajshahi', 'nagad'],
    ['Farhana Akter', 'Sonadanga', 'Khulna', 'CASH-ON-DELIVERY'],
    ['Imran Hossain', 'Band Road', 'Barishal', 'CASH-ON-DELIVERY'],
    ['Mitu Rani', 'Kachari Bazar', 'Rangpur', 'rocket'],
    ['Jamal Uddin', 'Mirpur 10', 'Dhaka', 'CASH-ON-DELIVERY'],
  ] as const;
  const orders: { _id: string; orderId: string; total_amount: number }[] = [];
  for (const [i, [name, address_line, city, method]] of buyers.entries()) {
    const res = await page.request.post('/api/order/manual', {
      headers: { authorization: `Bearer ${token}` },
      data: { customer: { name, address_line, city, mobile: `0171000000${i}` }, method, transaction_id: method === 'CASH-ON-DELIVERY' ? '' : `TRX${i}ABC`, list_items: [{ product_id: product._id, quantity: 1 + (i % 2) }] },
    });
    expect(res.status()).toBe(201);
    orders.push((await res.json()).data);
  }
  const first = orders[0]!;

  // The order card's Invoice link opens the invoice in a new tab.
  await page.goto('/dashboard/my-order');
  const card = page.getByTestId('order-card').filter({ hasText: first.orderId });
  const [invoice] = await Promise.all([context.waitForEvent('page'), card.getByRole('link', { name: 'Invoice' }).click()]);
  await invoice.waitForLoadState();
  const sheet = invoice.getByRole('article', { name: `Invoice ${first.orderId}` });
  await expect(sheet).toContainText('Haat');
  await expect(sheet).toContainText('House 12, Road 4, Dhanmondi, Dhaka 1205');
  await expect(sheet).toContainText('Karim Ahmed');
  await expect(sheet).toContainText(product.name);
  await expect(sheet).toContainText('Cash On Delivery');
  await expect(sheet.getByText('Total', { exact: true })).toBeVisible();
  await expect(sheet).toContainText('৳');
  await expect(sheet).not.toContainText('$');
  const invoicePdf = await invoice.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  const invoicePngs = keepPdf(invoicePdf, testInfo.outputPath('invoice.pdf'));
  expect(pdfPages(invoicePdf)).toBe(1);

  // Select every card on the first page of All Orders (the nine new ones are the newest), then Print labels.
  for (const o of orders) await page.getByLabel(`Select ${o.orderId}`).check();
  await expect(page.getByRole('toolbar', { name: 'Selected orders' })).toContainText('9 selected');
  const [labels] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Print labels' }).click()]);
  await labels.waitForLoadState();
  await expect(labels.getByRole('article')).toHaveCount(9);
  await expect(labels.getByRole('region', { name: /Label sheet/ })).toHaveCount(2);
  const karim = labels.getByRole('article', { name: `Label ${first.orderId}` });
  await expect(karim).toContainText('Karim Ahmed');
  await expect(karim).toContainText('01710000000');
  await expect(karim).toContainText('Collect (COD)');
  await expect(karim.getByRole('img', { name: `QR code of ${first.orderId}` })).toBeVisible();
  const paid = labels.getByRole('article', { name: `Label ${orders[2]!.orderId}` });
  // A paid order says in words that nothing is collected, not "PAID ০.০০৳".
  await expect(paid).toContainText('Paid, collect nothing');
  await expect(paid).not.toContainText('০.০০৳');
  const labelsPdf = await labels.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  const labelPngs = keepPdf(labelsPdf, testInfo.outputPath('labels.pdf'));
  expect(pdfPages(labelsPdf)).toBe(2);

  // Bulk invoices: one page each.
  const [invoices] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Print invoices' }).click()]);
  await expect(invoices.getByRole('article')).toHaveCount(9);
  expect(pdfPages(await invoices.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true }))).toBe(9);

  if (invoicePngs.length === 0) {
    // No pdftoppm: a screenshot of the print-media page stands in for looking at the PDF.
    await invoice.emulateMedia({ media: 'print' });
    await invoice.screenshot({ path: testInfo.outputPath('invoice-print.png'), fullPage: true });
    await labels.emulateMedia({ media: 'print' });
    await labels.screenshot({ path: testInfo.outputPath('labels-print.png'), fullPage: true });
  } else {
    expect(labelPngs.length).toBe(2);
    expect(invoicePngs.every(existsSync)).toBe(true);
  }
});
