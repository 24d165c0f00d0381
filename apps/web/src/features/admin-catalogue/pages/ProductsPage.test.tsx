import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, fakeApi, type Call } from '@/test-api';
import { renderPage } from '@/test-utils';
import { adminProduct as product } from '../test-fixtures';
import { ProductsPage } from './ProductsPage';


function setup(edited: { status?: number; body: unknown } = { body: envelope(product('p1', 'Edited'), 'Product updated.') }) {
  const api = fakeApi({
    'GET category/get-category': { body: envelope([{ _id: 'c1', name: 'Electronics', image: '' }]) },
    'GET subcategory/get-subcategories': { body: envelope([{ _id: 's1', name: 'Phones', image: '', category: [] }]) },
    'POST product/get-all-products': (call: Call) => {
      const { page, search } = call.body as { page: number; search: string };
      const products = search ? [product('p9', `Found ${search}`)] : [product(`p${page}`, `Product on page ${page}`)];
      return { body: envelope(products, '', { totalPages: search ? 1 : 4, totalCount: 4 }) };
    },
    'PUT product/edit-product': edited,
  });
  renderPage(<ProductsPage />);
  return api;
}

describe('Products (admin)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("pages with Previous/Next and 'current/total'; a search resets to page 1 and is sent 3 s after typing stops", async () => {
    const api = setup();
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Products:-' })).toBeInTheDocument();
    expect(await screen.findByText('Product on page 1')).toBeInTheDocument();
    expect(screen.getByText('1/4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Product on page 2')).toBeInTheDocument();
    expect(screen.getByText('2/4')).toBeInTheDocument();

    const typedAt = Date.now();
    await user.type(screen.getByPlaceholderText('Search product...'), 'samsung');
    expect(await screen.findByText('1/4')).toBeInTheDocument(); // page 1 at once, old search still shown
    expect(await screen.findByText('Found samsung', {}, { timeout: 5000 })).toBeInTheDocument();
    const searches = api.sent('POST', 'product/get-all-products').filter((c) => (c.body as { search: string }).search);
    expect(searches.map((c) => c.body)).toEqual([{ page: 1, limit: 12, search: 'samsung' }]);
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(3000);
    expect(screen.getByText('1/1')).toBeInTheDocument();
  }, 15_000);

  it('edit keeps the current images and allows stock 0', async () => {
    const api = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Product on page 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Product on page 1');
    expect(within(dialog).getByLabelText('Colour')).toHaveValue('Black');
    expect(within(dialog).getByLabelText('Product Details')).toHaveValue('6.5 inch screen');
    await user.type(within(dialog).getByLabelText('Product Details'), ', 5000 mAh');
    await user.clear(within(dialog).getByLabelText('Number of Stock'));
    await user.type(within(dialog).getByLabelText('Number of Stock'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated.')).toBeInTheDocument();
    const form = api.sent('PUT', 'product/edit-product')[0]!.body as FormData;
    expect(form.get('productId')).toBe('p1');
    expect(form.get('stock')).toBe('0');
    expect(form.get('product_details')).toBe('6.5 inch screen, 5000 mAh');
    // The stock the dialog loaded goes along, so the server refuses the edit if orders took units meanwhile.
    expect(form.get('expectedStock')).toBe('3');
    expect(form.getAll('image')).toEqual(['/uploads/products/x.webp']);
    expect(form.getAll('category')).toEqual(['c1']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edit loads the Bangla name and description and sends them with the form (issue 14)', async () => {
    const api = fakeApi({
      'GET category/get-category': { body: envelope([{ _id: 'c1', name: 'Electronics', image: '' }]) },
      'GET subcategory/get-subcategories': { body: envelope([{ _id: 's1', name: 'Phones', image: '', category: [] }]) },
      'POST product/get-all-products': { body: envelope([{ ...product('p1', 'Cotton Panjabi'), name_bn: 'সুতির পাঞ্জাবি', description_bn: '' }], '', { totalPages: 1, totalCount: 1 }) },
      'PUT product/edit-product': { body: envelope(product('p1', 'Cotton Panjabi'), 'Product updated.') },
    });
    localStorage.setItem('access_token', 'admin-token');
    renderPage(<ProductsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Cotton Panjabi' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' });
    const nameBn = within(dialog).getByLabelText('Bangla name');
    expect(nameBn).toHaveValue('সুতির পাঞ্জাবি');
    expect(nameBn).toHaveAttribute('lang', 'bn');
    const descriptionBn = within(dialog).getByLabelText('Bangla description');
    expect(descriptionBn).toHaveAttribute('lang', 'bn');
    await user.type(descriptionBn, 'আরামদায়ক সুতির পাঞ্জাবি');
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated.')).toBeInTheDocument();
    const form = api.sent('PUT', 'product/edit-product')[0]!.body as FormData;
    expect(form.get('name')).toBe('Cotton Panjabi');
    expect(form.get('name_bn')).toBe('সুতির পাঞ্জাবি');
    expect(form.get('description_bn')).toBe('আরামদায়ক সুতির পাঞ্জাবি');
  });

  it('a 409 because orders changed the stock shows the message, keeps the dialog open and reloads the list', async () => {
    const message = 'The stock changed since you opened this product (now 0). Please reload and try again.';
    const api = setup({ status: 409, body: failure(message) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Product on page 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' });
    const listsBefore = api.sent('POST', 'product/get-all-products').length;
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    const form = api.sent('PUT', 'product/edit-product')[0]!.body as FormData;
    expect([form.get('stock'), form.get('expectedStock')]).toEqual(['3', '3']);
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeInTheDocument();
    await waitFor(() => expect(api.sent('POST', 'product/get-all-products').length).toBeGreaterThan(listsBefore));
  });
});
