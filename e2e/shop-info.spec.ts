import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addGuestAddress, agreeToTerms, chooseLanguage, expect, test } from './fixtures';
import { formatTaka } from '../packages/shared/src/money';

/**
 * Issue 27, what the shop shows (decision 0077): a guest reads the delivery and
 * return terms on a product page, ticks the consent box at checkout, opens a
 * policy page from the footer and files a complaint, which the owner then sees
 * with its due time. The owner's VAT invoice (Mushak-6.3) is printed to PDF in
 * both languages and its pages kept as PNGs beside the test's output.
 */

const business = { tradeLicence: 'TRAD/DNCC/012345/2026', dbid: 'DBID-123456789', bin: '0001234560101', address: 'House 12, Road 4, Dhanmondi, Dhaka 1205', addressBn: 'বাড়ি ১২, সড়ক ৪, ধানমন্ডি, ঢাকা ১২০৫', vatRate: 15 };
const noBusiness = { tradeLicence: '', dbid: '', bin: '', address: '', addressBn: '', vatRate: 15 };

async function productInStock(page: Page) {
  const res = await page.request.post('/api/product/get-all-products', { data: { page: 1, limit: 50, search: 'T-Shirt' } });
  const products = (await res.json()).data as { _id: string; name: string; stock: number; quantity: number }[];
  return products.find((p) => p.stock >= 5 && p.quantity >= 2)!;
}

/** Writes the PDF and its pages as PNGs (pdftoppm), to be looked at. */
function keepPdf(pdf: Buffer, file: string) {
  writeFileSync(file, pdf);
  try {
    execFileSync('pdftoppm', ['-png', '-r', '70', file, file.replace(/\.pdf$/, '')]);
  } catch {
    // No poppler here: the PDF alone is kept.
  }
}

test('a guest agrees at checkout, reads a policy from the footer and complains; the owner sees the complaint due in 72 hours', async ({ page, browser, adminToken }, testInfo) => {
  test.setTimeout(120_000);
  const auth = { authorization: `Bearer ${adminToken}` };
  // The owner's business details, shown in the footer.
  expect((await page.request.put('/api/shop/business', { headers: auth, data: business })).ok()).toBeTruthy();
  try {
    const product = await productInStock(page);
    await page.goto(`/product/p-${product._id}`);
    const promises = page.getByRole('region', { name: 'Delivery and returns' });
    await expect(promises).toContainText(`Delivery charge: Inside Dhaka ${formatTaka(50)} · Outside Dhaka ${formatTaka(100)}`);
    await expect(promises).toContainText('Inside Dhaka within 5 days · Elsewhere within 10 days');
    await expect(promises).toContainText('Return or exchange within 7 days of delivery.');
    const footer = page.locator('footer');
    await expect(footer.getByTestId('business-details')).toContainText('Trade licence: TRAD/DNCC/012345/2026');
    await expect(footer.getByTestId('business-details')).toContainText('BIN: 0001234560101');
    await expect(footer.getByRole('link', { name: 'Consumer complaints to the government (DNCRP)' })).toHaveAttribute('href', 'https://dncrp.gov.bd');
    await page.screenshot({ path: testInfo.outputPath('product-promises.png'), fullPage: true });

    // Buy it: the consent box holds both buttons back until it is ticked.
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await addGuestAddress(page, { name: 'Karim Ahmed', addressLine: 'House 9, Road 2, Banani', mobile: '01712345670' });
    await expect(page.getByRole('button', { name: 'Cash On Delivery' })).toBeDisabled();
    await expect(page.getByText('Tick the box to place your order.')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('checkout-consent.png'), fullPage: true });
    await agreeToTerms(page);
    await page.getByRole('button', { name: 'Cash On Delivery' }).click();
    await expect(page.getByRole('heading', { name: 'Order Successful!' })).toBeVisible();
    const orderId = (await page.getByText(/^HT-/).first().textContent())!.trim();
    const [order] = (await (await page.request.get(`/api/order/print?ids=${orderId}`, { headers: auth })).json()).data;
    expect(order.consent).toMatchObject({ terms_version: 0, privacy_version: 0 });

    // A policy page from the footer, its head written by the server.
    await page.locator('footer').getByRole('link', { name: 'Return & Refund Policy' }).click();
    await expect(page).toHaveURL(/\/policy\/returns$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Return & Refund Policy' })).toBeVisible();
    await expect(page.getByText('You may ask to return or exchange an item within 7 days of delivery.')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('policy-returns.png'), fullPage: true });
    const html = await (await page.request.get('/policy/returns')).text();
    expect(html).toContain('<title>Return &amp; Refund Policy (রিটার্ন ও রিফান্ড নীতি) | Haat</title>');

    // A complaint, from the footer's link.
    await page.locator('footer').getByRole('link', { name: 'Complaints', exact: true }).click();
    await page.getByLabel('Your name').fill('Karim Ahmed');
    await page.getByLabel('Mobile number').fill('01712345670');
    await page.getByLabel('Order number (if any)').fill(orderId);
    await page.getByLabel('What happened?').fill('The parcel has not come yet.');
    await page.getByRole('button', { name: 'Send complaint' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you.' })).toContainText('Your complaint is received; we will act on it by');

    // The owner sees it, with its due time 72 hours on.
    const owner = await browser.newPage();
    await owner.goto('/login');
    await owner.getByLabel('Email').fill('admin@haat.test');
    await owner.getByLabel('Password', { exact: true }).fill('admin123');
    await owner.getByRole('button', { name: 'Login' }).click();
    await expect(owner).not.toHaveURL(/\/login$/);
    await owner.goto('/dashboard/complaints');
    const item = owner.getByRole('list', { name: 'Complaints' }).getByRole('listitem').filter({ hasText: 'The parcel has not come yet.' });
    await expect(item).toContainText(`Order ${orderId}`);
    await expect(item).toContainText('Due ');
    await expect(item).toHaveAttribute('data-overdue', 'false');
    await owner.screenshot({ path: testInfo.outputPath('owner-complaints.png'), fullPage: true });
    await item.getByRole('button', { name: 'Mark acted on' }).click();
    await expect(owner.getByText('The parcel has not come yet.')).toBeHidden();

    // The order's card says when the shopper agreed, and to which versions of the pages.
    await owner.goto('/dashboard/my-order');
    await expect(owner.getByTestId('order-card').filter({ hasText: orderId })).toContainText(/Consent\s*\d+ \w+ \d{4}, \d\d:\d\d · terms v0, privacy v0/);

    // The VAT invoice of that order, printed in English and in Bangla.
    for (const lang of ['en', 'bn'] as const) {
      await chooseLanguage(owner, lang);
      await owner.goto(`/dashboard/invoice/${order._id}`);
      const sheet = owner.getByRole('article', { name: lang === 'en' ? `VAT invoice ${orderId}` : `ভ্যাট চালানপত্র ${orderId}` });
      await expect(sheet).toContainText(lang === 'en' ? 'Mushak-6.3' : 'মূসক-৬.৩');
      await expect(owner.getByTestId('mushak-grand-total')).toHaveText(formatTaka(order.total_amount));
      keepPdf(await owner.pdf({ format: 'A4', landscape: true, printBackground: true, preferCSSPageSize: true }), testInfo.outputPath(`mushak-${lang}.pdf`));
    }
    await chooseLanguage(owner, 'en');
    await owner.close();
  } finally {
    // The specs after this one print plain invoices: the shop goes back to no BIN.
    await page.request.put('/api/shop/business', { headers: auth, data: noBusiness });
  }
});
