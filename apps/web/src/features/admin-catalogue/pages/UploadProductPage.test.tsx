import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { UploadProductPage } from './UploadProductPage';

const categories = [
  { _id: 'c1', name: 'Electronics', image: '/uploads/categories/a.webp' },
  { _id: 'c2', name: 'Fashion', image: '/uploads/categories/b.webp' },
];
const subCategories = [{ _id: 's1', name: 'Phones', image: '/uploads/subcategories/p.webp', category: [{ _id: 'c1', name: 'Electronics' }] }];
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'phone.png', { type: 'image/png' });

function setup() {
  const api = fakeApi({
    'GET category/get-category': { body: envelope(categories) },
    'GET subcategory/get-subcategories': { body: envelope(subCategories) },
    'POST product/add-product': { body: envelope({ _id: 'p1' }, 'Product added.') },
  });
  localStorage.setItem('access_token', 'admin-token');
  renderPage(<UploadProductPage />);
  return api;
}

/** Fills every required field except the ones named in `skip`. */
async function fill(user: ReturnType<typeof userEvent.setup>, skip: string[] = []) {
  if (!skip.includes('name')) await user.type(screen.getByLabelText('Name'), 'Samsung A15');
  if (!skip.includes('description')) await user.type(screen.getByLabelText('Description'), 'A phone');
  if (!skip.includes('image')) await user.upload(screen.getByLabelText('Upload Image'), [png(), png()]);
  await screen.findByRole('option', { name: 'Electronics' });
  if (!skip.includes('category')) await user.selectOptions(screen.getByLabelText('Category'), 'c1');
  if (!skip.includes('subCategory')) await user.selectOptions(screen.getByLabelText('Sub Category'), 's1');
  if (!skip.includes('unit')) await user.type(screen.getByLabelText('Unit'), '1 piece');
  if (!skip.includes('stock')) {
    await user.clear(screen.getByLabelText('Number of Stock'));
    await user.type(screen.getByLabelText('Number of Stock'), '5');
  }
  if (!skip.includes('price')) {
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '18000');
  }
}

describe('Upload Product', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts at stock 0, price 0, discount 0 with publish on and not editable', async () => {
    setup();
    expect(screen.getByLabelText('Number of Stock')).toHaveValue('0');
    expect(screen.getByLabelText('Price')).toHaveValue('0');
    expect(screen.getByLabelText('Discount')).toHaveValue('0');
    expect(screen.getByLabelText('Publish')).toBeChecked();
    expect(screen.getByLabelText('Publish')).toBeDisabled();
  });

  it.each(['name', 'description', 'image', 'category', 'subCategory', 'unit', 'stock', 'price'])(
    "says 'All Fields are required' and sends nothing when %s is missing",
    async (missing) => {
      const api = setup();
      const user = userEvent.setup();
      await fill(user, [missing]);
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByText('All Fields are required')).toBeInTheDocument();
      expect(api.sent('POST', 'product/add-product')).toHaveLength(0);
    },
  );

  it('sends the multipart form of §7 and empties the form after success', async () => {
    const api = setup();
    const user = userEvent.setup();
    await fill(user);
    // Choosing a category twice keeps one chip; a chip's remove icon takes it out.
    await user.selectOptions(screen.getByLabelText('Category'), 'c2');
    await user.selectOptions(screen.getByLabelText('Category'), 'c1');
    const chips = screen.getByRole('list', { name: 'Chosen Category' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Electronics', 'Fashion']);
    await user.click(screen.getByRole('button', { name: 'Remove Fashion' }));
    expect(within(chips).getAllByRole('listitem')).toHaveLength(1);
    // Two images chosen, one removed.
    expect(screen.getAllByRole('img', { name: /Samsung A15/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    // A more-details field: a blank name is refused, then 'Colour' is added and filled.
    await user.click(screen.getByRole('button', { name: 'Add Fields' }));
    await user.click(screen.getByRole('button', { name: 'Add Field' }));
    expect(screen.getByText('A field name cannot be blank')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Field Name'), 'Colour');
    await user.click(screen.getByRole('button', { name: 'Add Field' }));
    await user.type(screen.getByLabelText('Colour'), 'Black');
    await user.type(screen.getByLabelText('Product Details'), 'Dual SIM{Enter}128 GB');
    await user.type(screen.getByLabelText('Bangla product details'), 'ডুয়াল সিম{Enter}১২৮ জিবি');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Product added.')).toBeInTheDocument();
    const [call] = api.sent('POST', 'product/add-product');
    const form = call!.body as FormData;
    expect(call!.headers.authorization).toBe('Bearer admin-token');
    expect(form.get('name')).toBe('Samsung A15');
    expect(form.get('description')).toBe('A phone');
    expect(form.get('product_details')).toBe('Dual SIM\n128 GB');
    expect(form.get('product_details_bn')).toBe('ডুয়াল সিম\n১২৮ জিবি');
    expect(form.getAll('image')).toHaveLength(1);
    expect(form.getAll('image')[0]).toBeInstanceOf(File);
    expect(form.getAll('category')).toEqual(['c1']);
    expect(form.getAll('subCategory')).toEqual(['s1']);
    expect(form.get('unit')).toBe('1 piece');
    expect(form.get('stock')).toBe('5');
    expect(form.get('price')).toBe('18000');
    expect(form.get('discount')).toBe('0');
    expect(JSON.parse(form.get('more_details') as string)).toEqual({ Colour: 'Black' });
    expect(form.get('publish')).toBe('true');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(screen.getByLabelText('Number of Stock')).toHaveValue('0');
    expect(screen.queryByRole('list', { name: 'Chosen Category' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Bangla product details')).toHaveValue('');
  });

  it('in Bangla names both Details fields in Bangla, the Bangla one marked as Bangla text (issue 42)', async () => {
    await act(() => changeLanguage('bn'));
    setup();
    expect(screen.getByLabelText('পণ্যের বিস্তারিত')).toHaveAttribute('placeholder', 'পণ্যের বিস্তারিত লিখুন (ঐচ্ছিক)');
    expect(screen.getByLabelText('বাংলায় পণ্যের বিস্তারিত')).toHaveAttribute('lang', 'bn');
  });
});
