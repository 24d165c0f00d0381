import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '@haat/shared/constants';
import type { CatalogueImportReport } from '@haat/shared/schemas/catalogue-csv';
import { envelope, fakeApi, type Call } from '@/test-api';
import { renderPage } from '@/test-utils';
import { changeLanguage } from '@/i18n';
import { ProductsPage } from '../pages/ProductsPage';
import { adminProduct as product } from '../test-fixtures';


const csvFile = (text = 'id,name\n,Walton Fan\n') => new File([text], 'products.csv', { type: 'text/csv' });

/** The products page with a catalogue that gains "Walton Fan" once an import is applied. */
function setup(dryRun: CatalogueImportReport) {
  let imported = false;
  const api = fakeApi({
    'GET category/get-category': { body: envelope([]) },
    'GET subcategory/get-subcategories': { body: envelope([]) },
    'POST product/get-all-products': () => ({ body: envelope(imported ? [product('p2', 'Walton Fan'), product('p1', 'Samsung Galaxy A15')] : [product('p1', 'Samsung Galaxy A15')], '', { totalPages: 1, totalCount: 1 }) }),
    'POST product/import': (call: Call) => {
      if (call.path.includes('dryRun=1')) return { body: envelope(dryRun, 'Dry run') };
      imported = true;
      return { body: envelope({ ...dryRun, applied: true }, 'Imported') };
    },
  });
  renderPage(<ProductsPage />);
  return api;
}

describe('Catalogue CSV (admin products page)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('Import CSV: the dry run shows the counts, Apply import writes, toasts and the products list refreshes', async () => {
    const api = setup({ created: 1, updated: 1, unchanged: 4998, errors: [], applied: false });
    const user = userEvent.setup();
    expect(await screen.findByText('Samsung Galaxy A15')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Import CSV'), csvFile());

    const result = await screen.findByRole('region', { name: 'Import check' });
    expect(within(result).getByText('Dry run of products.csv: 1 to create, 1 to update, 4998 unchanged.')).toBeInTheDocument();
    expect(within(result).getByText('No errors. Apply the import to write these changes.')).toBeInTheDocument();
    const dry = api.sent('POST', 'product/import');
    expect(dry.map((c) => c.path)).toEqual(['product/import?dryRun=1']);
    expect((dry[0]!.body as FormData).get('file')).toBeInstanceOf(File);

    await user.click(within(result).getByRole('button', { name: 'Apply import' }));
    expect(await screen.findByText('Imported: 1 created, 1 updated, 4998 unchanged.')).toBeInTheDocument();
    expect(await screen.findByText('Walton Fan')).toBeInTheDocument();
    expect(api.sent('POST', 'product/import').map((c) => c.path)).toEqual(['product/import?dryRun=1', 'product/import']);
    expect(screen.queryByRole('region', { name: 'Import check' })).not.toBeInTheDocument();
  });

  it('bad rows: a table of line and problem, and Apply import stays disabled', async () => {
    const api = setup({ created: 0, updated: 1, unchanged: 0, errors: [{ row: 3, message: 'category: unknown categories "Toys".', code: 'CSV_UNKNOWN_NAME', params: { column: 'category', list: 'categories', name: 'Toys' } }, { row: 1515, message: 'price: must be 1 or more', code: 'CSV_CELL_MIN', params: { column: 'price', min: 1 } }], applied: false });
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Import CSV'), csvFile());
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Rows with errors: 2. Fix them in the file and choose it again; nothing is imported while any row is bad.')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Row', 'Problem'],
      ['3', 'category: unknown categories "Toys".'],
      ['1515', 'price: must be 1 or more'],
    ]);
    expect(screen.getByRole('button', { name: 'Apply import' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(api.sent('POST', 'product/import')).toHaveLength(1);
  });

  it('in Bangla: the counts, the row column and each row\'s column and rule', async () => {
    await changeLanguage('bn');
    setup({ created: 0, updated: 1, unchanged: 2, errors: [{ row: 1515, message: 'price: must be 1 or more', code: 'CSV_CELL_MIN', params: { column: 'price', min: 1 } }, { row: 1516, message: 'unit: must not be empty', code: 'CSV_CELL_EMPTY', params: { column: 'unit' } }, { row: 1517, message: 'Row 2 already adds this product.', code: 'CSV_ROW_ALREADY_ADDS', params: { row: 2 } }], applied: false });
    await userEvent.setup().upload(screen.getByLabelText('সিএসভি ইমপোর্ট'), csvFile());
    expect(await screen.findByText('products.csv-এর পরীক্ষামূলক যাচাই: 0টি নতুন তৈরি হবে, 1টি হালনাগাদ হবে, 2টি অপরিবর্তিত।')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['সারি', 'সমস্যা'],
      ['1515', 'price: ১ বা তার বেশি হতে হবে'],
      ['1516', 'unit: খালি রাখা যাবে না'],
      ['1517', 'সারি ২ এই পণ্যটি আগেই যোগ করে।'],
    ]);
  });

  it('Export CSV downloads products.csv with the admin token', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'admin-token');
    const api = fakeApi({
      'GET category/get-category': { body: envelope([]) },
      'GET subcategory/get-subcategories': { body: envelope([]) },
      'POST product/get-all-products': { body: envelope([], '', { totalPages: 1, totalCount: 0 }) },
      'GET product/export.csv': { body: 'id,name' },
    });
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:products');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    renderPage(<ProductsPage />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['products.csv blob:products']));
    const [call] = api.sent('GET', 'product/export.csv');
    expect(call!.headers.authorization).toBe("Bearer admin-token");
  });
});
