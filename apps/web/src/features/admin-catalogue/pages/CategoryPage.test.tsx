import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { CategoryPage } from './CategoryPage';

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'cat.png', { type: 'image/png' });

describe('Category page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds a category: the picker waits for a name, and name and image are both required', async () => {
    const api = fakeApi({
      'GET category/get-category': { body: envelope([]) },
      'POST category/add-category': { body: envelope({ _id: 'c9', name: 'Toys', image: '/uploads/categories/t.webp' }, 'Category added.') },
    });
    const user = userEvent.setup();
    renderPage(<CategoryPage />);
    expect(await screen.findByText('No categories yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Category' });
    expect(within(dialog).getByLabelText('Type a name first')).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Please fill all required fields')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Toys');
    await user.type(within(dialog).getByLabelText('Bangla name'), ' খেলনা ');
    expect(within(dialog).getByLabelText('Upload Image')).toBeEnabled();
    // A name without an image is still refused.
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    await waitFor(() => expect(screen.getAllByText('Please fill all required fields')).toHaveLength(2));
    expect(api.sent('POST', 'category/add-category')).toHaveLength(0);
    await user.upload(within(dialog).getByLabelText('Upload Image'), png());
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Category added.')).toBeInTheDocument();
    const form = api.sent('POST', 'category/add-category')[0]!.body as FormData;
    expect(form.get('name')).toBe('Toys');
    expect(form.get('name_bn')).toBe('খেলনা');
    expect(form.get('image')).toBeInstanceOf(File);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits without a new image (none is sent, the server keeps the old one)', async () => {
    const api = fakeApi({
      'GET category/get-category': { body: envelope([{ _id: 'c1', name: 'Electronics', name_bn: 'ইলেকট্রনিক্স', image: '/uploads/categories/e.webp' }]) },
      'PUT category/update-category': { body: envelope({ _id: 'c1', name: 'Gadgets', image: '/uploads/categories/e.webp' }, 'Category updated.') },
    });
    const user = userEvent.setup();
    renderPage(<CategoryPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Electronics' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Category' });
    expect(within(dialog).getByRole('img', { name: 'Electronics' })).toHaveAttribute('src', '/uploads/categories/e.webp');
    expect(within(dialog).getByLabelText('Bangla name')).toHaveValue('ইলেকট্রনিক্স');
    await user.clear(within(dialog).getByLabelText('Bangla name'));
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Gadgets');
    await user.click(within(dialog).getByRole('button', { name: 'Update Category' }));
    expect(await screen.findByText('Category updated.')).toBeInTheDocument();
    const form = api.sent('PUT', 'category/update-category')[0]!.body as FormData;
    expect(form.get('categoryId')).toBe('c1');
    expect(form.get('name')).toBe('Gadgets');
    // Cleared on purpose: sent as '' so the server clears it too.
    expect(form.get('name_bn')).toBe('');
    expect(form.has('image')).toBe(false);
  });

  it("shows the server's 409 'used by N products' as the error toast after the Delete Confirmation", async () => {
    const api = fakeApi({
      'GET category/get-category': { body: envelope([{ _id: 'c1', name: 'Electronics', image: '/uploads/categories/e.webp' }]) },
      'DELETE category/delete-category': { status: 409, body: failure('This category is used by 3 products. Move or delete them first.') },
    });
    const user = userEvent.setup();
    renderPage(<CategoryPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Electronics' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Confirmation' });
    expect(within(dialog).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This category is used by 3 products. Move or delete them first.')).toBeInTheDocument();
    expect(api.sent('DELETE', 'category/delete-category')[0]!.body).toEqual({ categoryId: 'c1' });
    expect(screen.getByTestId('category-card')).toHaveTextContent('Electronics');
  });
});
