import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { SubCategoryDialog } from './SubCategoryDialog';

const categories = [
  { _id: 'c1', name: 'Electronics', image: '/uploads/categories/a.webp' },
  { _id: 'c2', name: 'Fashion', image: '/uploads/categories/b.webp' },
];
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'sub.png', { type: 'image/png' });

describe('SubCategoryDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("add: name, image and a category, else 'Please fill all required fields'; chips ignore duplicates", async () => {
    const api = fakeApi({
      'GET category/get-category': { body: envelope(categories) },
      'POST subcategory/add-subcategory': { body: envelope({ _id: 's1' }, 'Sub-category added.') },
    });
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderPage(<SubCategoryDialog open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add SubCategory' });
    await user.type(within(dialog).getByLabelText('Name'), 'Phones');
    await user.type(within(dialog).getByLabelText('Bangla name'), 'মোবাইল ফোন');
    await user.upload(within(dialog).getByLabelText('Upload Image'), png());
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please fill all required fields')).toBeInTheDocument();
    expect(api.sent('POST', 'subcategory/add-subcategory')).toHaveLength(0);

    await screen.findByRole('option', { name: 'Electronics' });
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'c1');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'c2');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'c1');
    expect(within(screen.getByRole('list', { name: 'Chosen Category' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Electronics', 'Fashion']);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Fashion' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Sub-category added.')).toBeInTheDocument();
    const form = api.sent('POST', 'subcategory/add-subcategory')[0]!.body as FormData;
    expect(form.get('name')).toBe('Phones');
    expect(form.get('name_bn')).toBe('মোবাইল ফোন');
    expect(form.get('image')).toBeInstanceOf(File);
    expect(form.getAll('category')).toEqual(['c1']);
    expect(onClose).toHaveBeenCalled();
  });

  it('edit: no new image needed, but removing the last category is refused', async () => {
    const api = fakeApi({
      'GET category/get-category': { body: envelope(categories) },
      'PUT subcategory/update-subcategories': { body: envelope({ _id: 's1' }, 'Sub-category updated.') },
    });
    const user = userEvent.setup();
    const sub = { _id: 's1', name: 'Phones', name_bn: 'মোবাইল ফোন', image: ['/uploads/subcategories/p.webp'], category: [{ _id: 'c1', name: 'Electronics', name_bn: '' }] };
    renderPage(<SubCategoryDialog open onClose={() => {}} subCategory={sub} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit SubCategory' });
    await screen.findByRole('option', { name: 'Electronics' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Electronics' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please fill all required fields')).toBeInTheDocument();
    expect(api.sent('PUT', 'subcategory/update-subcategories')).toHaveLength(0);
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'c2');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Sub-category updated.')).toBeInTheDocument();
    const form = api.sent('PUT', 'subcategory/update-subcategories')[0]!.body as FormData;
    expect(form.get('subcategoryId')).toBe('s1');
    expect(form.getAll('category')).toEqual(['c2']);
    // The Bangla name the dialog opened with goes back unchanged.
    expect(form.get('name_bn')).toBe('মোবাইল ফোন');
    expect(form.has('image')).toBe(false);
  });
});
