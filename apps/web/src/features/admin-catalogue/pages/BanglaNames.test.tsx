import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { adminProduct } from '../test-fixtures';
import { CategoryPage } from './CategoryPage';
import { ProductsPage } from './ProductsPage';
import { SubCategoryPage } from './SubCategoryPage';
import { UploadProductPage } from './UploadProductPage';

/**
 * Issue 42: the owner's lists name categories, sub-categories and products as the shop does — the
 * Bangla name on a Bangla page, the English one where there is no Bangla name, and English in English.
 */
const categories = [
  { _id: 'c1', name: 'Fashion', name_bn: 'ফ্যাশন', image: '/uploads/categories/f.webp' },
  { _id: 'c2', name: 'Toys', name_bn: '', image: '/uploads/categories/t.webp' },
];
const subCategories = [{ _id: 's1', name: 'Panjabi', name_bn: 'পাঞ্জাবি', image: ['/uploads/subcategories/p.webp'], category: [{ _id: 'c1', name: 'Fashion', name_bn: 'ফ্যাশন' }] }];
const panjabi = { ...adminProduct('p1', 'Cotton Panjabi'), name_bn: 'সুতি পাঞ্জাবি', unit: '1 piece' };

function catalogueApi() {
  return fakeApi({
    'GET category/get-category': { body: envelope(categories) },
    'GET subcategory/get-subcategories': { body: envelope(subCategories) },
    'POST product/get-all-products': { body: envelope([panjabi, adminProduct('p2', 'Wooden Train')], '', { totalPages: 1, totalCount: 2 }) },
  });
}

describe('the owner’s catalogue lists in the page’s language (issue 42)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('categories: the Bangla name on a Bangla page, the English one without a Bangla name; English in English', async () => {
    catalogueApi();
    renderPage(<CategoryPage />);
    expect(await screen.findByRole('button', { name: 'Edit Fashion' })).toBeInTheDocument();
    expect(screen.getAllByTestId('category-card').map((c) => c.querySelector('p')?.textContent)).toEqual(['Fashion', 'Toys']);

    await act(() => changeLanguage('bn'));
    expect(screen.getAllByTestId('category-card').map((c) => c.querySelector('p')?.textContent)).toEqual(['ফ্যাশন', 'Toys']);
    expect(screen.getByRole('button', { name: 'ফ্যাশন সম্পাদনা করুন' })).toBeInTheDocument();
  });

  it('sub-categories: the table’s name and category columns in Bangla, and the filter finds them by those', async () => {
    catalogueApi();
    await changeLanguage('bn');
    const user = userEvent.setup();
    renderPage(<SubCategoryPage />);
    const row = (await screen.findByRole('button', { name: 'পাঞ্জাবি সম্পাদনা করুন' })).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['', 'পাঞ্জাবি', 'ফ্যাশন', '']);
    expect(screen.queryByText('Panjabi')).toBeNull();
    await user.type(screen.getByLabelText('সাব-ক্যাটাগরি খুঁজুন'), 'পাঞ্জা');
    expect(screen.getByRole('button', { name: 'পাঞ্জাবি সম্পাদনা করুন' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('সাব-ক্যাটাগরি খুঁজুন'));
    await user.type(screen.getByLabelText('সাব-ক্যাটাগরি খুঁজুন'), 'ফ্যাশ');
    expect(screen.getByRole('button', { name: 'পাঞ্জাবি সম্পাদনা করুন' })).toBeInTheDocument();
  });

  it('products: the cards’ names and units in Bangla', async () => {
    catalogueApi();
    await changeLanguage('bn');
    renderPage(<ProductsPage />);
    const [first, second] = await screen.findAllByTestId('admin-product-card');
    expect(within(first!).getByRole('heading')).toHaveTextContent('সুতি পাঞ্জাবি');
    expect(first).toHaveTextContent('১ পিস');
    expect(within(first!).getByRole('button', { name: 'সুতি পাঞ্জাবি সম্পাদনা করুন' })).toBeInTheDocument();
    // Without a Bangla name: the English one.
    expect(within(second!).getByRole('heading')).toHaveTextContent('Wooden Train');
  });

  it('the product form’s category chips and choices in Bangla', async () => {
    catalogueApi();
    await changeLanguage('bn');
    const user = userEvent.setup();
    renderPage(<UploadProductPage />);
    const category = screen.getByLabelText('ক্যাটাগরি');
    await screen.findByRole('option', { name: 'ফ্যাশন' });
    expect(within(category).getAllByRole('option').map((o) => o.textContent)).toContain('Toys');
    await user.selectOptions(category, 'c1');
    await user.selectOptions(screen.getByLabelText('সাব-ক্যাটাগরি'), 's1');
    const chips = screen.getAllByRole('list').flatMap((l) => within(l).queryAllByRole('listitem').map((li) => li.textContent));
    expect(chips).toEqual(expect.arrayContaining(['ফ্যাশন', 'পাঞ্জাবি']));
    expect(screen.getByRole('button', { name: /ফ্যাশন/ })).toBeInTheDocument();
  });
});
