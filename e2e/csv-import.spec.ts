import { stringify } from 'csv-stringify/sync';
import { expect, test } from './fixtures';

/** Issue 14: the admin imports a CSV that updates one product and adds one, and finds the new one in the products list. */
test('admin imports a catalogue CSV: dry run, apply, the new product is listed', async ({ adminPage: page, adminToken }) => {
  const auth = { authorization: `Bearer ${adminToken}` };
  const [existing] = (await (await page.request.post('/api/product/get-all-products', { data: { page: 1, limit: 1 } })).json()).data;
  const tag = Date.now().toString(36);
  const newName = `Nakshi kantha ${tag}`;
  const row = (p: Record<string, unknown>) => ({
    discount: '0',
    quantity: '10',
    more_details: '',
    publish: 'true',
    ...p,
  });
  const csv = stringify(
    [
      row({
        id: existing._id,
        name: existing.name,
        description: existing.description,
        unit: existing.unit,
        price: String(existing.price + 1),
        discount: String(existing.discount),
        stock: String(existing.stock),
        expected_stock: String(existing.stock),
        quantity: String(existing.quantity),
        category: existing.category.map((c: { name: string }) => c.name).join('|'),
        subCategory: existing.subCategory.map((s: { name: string }) => s.name).join('|'),
        image: existing.image.join('|'),
        more_details: Object.keys(existing.more_details).length ? JSON.stringify(existing.more_details) : '',
      }),
      row({
        id: '',
        name: newName,
        description: 'হাতে সেলাই করা নকশি কাঁথা',
        unit: '1 pc',
        price: '2500',
        stock: '4',
        expected_stock: '',
        category: existing.category[0].name,
        subCategory: existing.subCategory[0].name,
        image: existing.image[0] ?? '',
      }),
    ],
    { header: true, bom: true },
  );

  await page.goto('/dashboard/products');
  await page.getByLabel('Import CSV').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const check = page.getByRole('region', { name: 'Import check' });
  await expect(check).toContainText('Dry run of catalogue.csv: 1 to create, 1 to update, 0 unchanged.');
  await expect(check).toContainText('No errors.');
  await check.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByText('Imported: 1 created, 1 updated, 0 unchanged.')).toBeVisible();

  await page.getByPlaceholder('Search product...').fill(newName);
  await expect(page.getByTestId('admin-product-card').filter({ hasText: newName })).toBeVisible({ timeout: 15_000 });
  const updated = (await (await page.request.get(`/api/product/get-product-details?productId=${existing._id}`, { headers: auth })).json()).data;
  expect(updated.price).toBe(existing.price + 1);
});
