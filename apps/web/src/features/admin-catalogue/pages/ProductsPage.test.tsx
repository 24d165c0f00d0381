import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, fakeApi, type Call } from '@/test-api';
import { renderPage } from '@/test-utils';
import { adminProduct as product } from '../test-fixtures';
import { ProductsPage } from './ProductsPage';


/** The owner's read of a product the list showed: the edit form reads it again, with its variants (issue 21). */
const ownersRead = (listed: Map<string, object>) => (call: Call) => {
  const id = new URL(call.path, 'http://localhost').searchParams.get('productId') ?? '';
  return listed.has(id) ? { body: envelope({ options: [], variants: [], ...listed.get(id) }) } : { status: 404, body: failure('Product not found.') };
};

function setup(edited: { status?: number; body: unknown } = { body: envelope(product('p1', 'Edited'), 'Product updated.') }) {
  const listed = new Map<string, object>();
  const api = fakeApi({
    'GET category/get-category': { body: envelope([{ _id: 'c1', name: 'Electronics', image: '' }]) },
    'GET subcategory/get-subcategories': { body: envelope([{ _id: 's1', name: 'Phones', image: '', category: [] }]) },
    'POST product/get-all-products': (call: Call) => {
      const { page, search } = call.body as { page: number; search: string };
      const products = search ? [product('p9', `Found ${search}`)] : [product(`p${page}`, `Product on page ${page}`)];
      for (const p of products) listed.set(p._id, p);
      return { body: envelope(products, '', { totalPages: search ? 1 : 4, totalCount: 4 }) };
    },
    'GET product/admin-product': ownersRead(listed),
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

  it('edit loads the Bangla name, description and Details and sends them with the form (issues 14, 42)', async () => {
    const panjabi = { ...product('p1', 'Cotton Panjabi'), name_bn: 'সুতির পাঞ্জাবি', description_bn: '', product_details_bn: '• নরম সুতি' };
    const api = fakeApi({
      'GET category/get-category': { body: envelope([{ _id: 'c1', name: 'Electronics', image: '' }]) },
      'GET subcategory/get-subcategories': { body: envelope([{ _id: 's1', name: 'Phones', image: '', category: [] }]) },
      'POST product/get-all-products': { body: envelope([panjabi], '', { totalPages: 1, totalCount: 1 }) },
      'GET product/admin-product': ownersRead(new Map([['p1', panjabi]])),
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
    const detailsBn = within(dialog).getByLabelText('Bangla product details');
    expect(detailsBn).toHaveValue('• নরম সুতি');
    expect(detailsBn).toHaveAttribute('lang', 'bn');
    await user.type(detailsBn, '{Enter}• হাতে ধুয়ে নিন');
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated.')).toBeInTheDocument();
    const form = api.sent('PUT', 'product/edit-product')[0]!.body as FormData;
    expect(form.get('name')).toBe('Cotton Panjabi');
    expect(form.get('name_bn')).toBe('সুতির পাঞ্জাবি');
    expect(form.get('description_bn')).toBe('আরামদায়ক সুতির পাঞ্জাবি');
    expect(form.get('product_details_bn')).toBe('• নরম সুতি\n• হাতে ধুয়ে নিন');
    expect(form.get('product_details')).toBe('6.5 inch screen');
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

describe('Products (admin): editing variants (issue 21)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows what removing a size does to stock and carts, and saves only when confirmed', async () => {
    const options = [{ name: 'Size', name_bn: 'সাইজ', values: [{ value: 'M', value_bn: '', swatch: '' }, { value: 'L', value_bn: '', swatch: '' }] }];
    const kurta = {
      ...product('p1', 'Cotton Kurta'),
      price_varies: false,
      options,
      variants: [
        { _id: 'vm', sku: 'KU-M', values: ['M'], price: 900, discount: 0, stock: 4, image: [], publish: true },
        { _id: 'vl', sku: 'KU-L', values: ['L'], price: 900, discount: 0, stock: 6, image: [], publish: true },
      ],
    };
    const api = fakeApi({
      'GET category/get-category': { body: envelope([{ _id: 'c1', name: 'Electronics', image: '' }]) },
      'GET subcategory/get-subcategories': { body: envelope([{ _id: 's1', name: 'Phones', image: '', category: [] }]) },
      'POST product/get-all-products': { body: envelope([kurta], '', { totalPages: 1, totalCount: 1 }) },
      'GET product/admin-product': ownersRead(new Map([['p1', kurta]])),
      'POST product/variants-preview': { body: envelope({ removed: [{ _id: 'vl', label: 'Size: L', stock: 6, in_carts: 2 }], added: 0, kept: 1, carts_affected: 2 }) },
      'PUT product/edit-product': { body: envelope(kurta, 'Product updated.') },
    });
    localStorage.setItem('access_token', 'admin-token');
    renderPage(<ProductsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Cotton Kurta' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Size: M', 'Size: L']);
    await user.click(within(dialog).getByRole('button', { name: 'Remove L' }));
    await user.click(within(dialog).getByRole('button', { name: 'Generate every combination' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    const ask = await screen.findByRole('dialog', { name: 'Save these variants?' });
    expect(ask).toHaveTextContent('1 variants will be removed (6 units in stock); 2 cart lines hold them or must choose again.');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(api.sent('PUT', 'product/edit-product')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Save these variants?' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product updated.')).toBeInTheDocument();
    const form = api.sent('PUT', 'product/edit-product')[0]!.body as FormData;
    // The kept variant goes with its id and the stock the form loaded.
    expect(JSON.parse(form.get('variants') as string)).toEqual([{ _id: 'vm', sku: 'KU-M', values: ['M'], price: '900', discount: '0', stock: '4', expectedStock: 4, image: [], publish: true }]);
  });
});
