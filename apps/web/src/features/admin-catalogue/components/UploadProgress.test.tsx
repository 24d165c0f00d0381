import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CategoryDialog } from './CategoryDialog';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { fileFractions } from '@/components/UploadProgress';

const file = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const hold = () => ((globalThis.XMLHttpRequest as unknown as { hold: boolean }).hold = true);

describe('upload progress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills each file’s bar in turn from the bytes sent', () => {
    const files = [file('a.png', 300), file('b.png', 100)];
    expect(fileFractions(files, 0, 400)).toEqual([0, 0]);
    expect(fileFractions(files, 150, 400)).toEqual([0.5, 0]);
    expect(fileFractions(files, 350, 400)).toEqual([1, 0.5]);
    expect(fileFractions(files, 400, 400)).toEqual([1, 1]);
    expect(fileFractions(files, 10, 0)).toEqual([0, 0]);
  });

  it('shows a bar per file while the picture uploads, and Cancel stops it with a message', async () => {
    const api = fakeApi({ 'POST category/add-category': { body: envelope({ _id: 'c1', name: 'Toys', image: '/uploads/categories/t.webp' }, 'Category added.') } });
    localStorage.setItem('access_token', 'admin-token');
    const onClose = vi.fn();
    renderPage(<CategoryDialog open onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Toys');
    await user.upload(screen.getByLabelText(/Upload Image/), file('toys.png', 2048));
    hold();
    await user.click(screen.getByRole('button', { name: /Add Category|Submit/ }));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading toys.png' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText('50%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByText('Upload cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveValue('Toys');
    expect(api.sent('POST', 'category/add-category')).toHaveLength(0);

    // Sent again, it goes through.
    await user.click(screen.getByRole('button', { name: /Add Category|Submit/ }));
    expect(await screen.findByText('Category added.')).toBeInTheDocument();
    expect(api.sent('POST', 'category/add-category')[0]!.headers.authorization).toBe('Bearer admin-token');
  });
});
