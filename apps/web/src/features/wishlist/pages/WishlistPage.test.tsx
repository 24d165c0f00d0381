import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { WishlistPage } from './WishlistPage';

const item = { product_id: 'p1', variant_id: 'v2', name: 'Cotton Kurta', name_bn: 'সুতির কুর্তা', image: [], price: 900, discount: 0, stock: 0, options: [{ name: 'Size', name_bn: 'সাইজ', value: 'L', value_bn: 'এল' }] };

/** Issue 45: a guest's wishlist, kept in the browser, in both languages. */
describe('the wishlist page (guest)', () => {
  beforeEach(() => localStorage.setItem('guestWishlist', JSON.stringify([item])));
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await act(() => changeLanguage('en'));
  });

  it('in English: the saved size with its link and price, sold out, and removed', async () => {
    fakeApi({});
    renderPage(<WishlistPage />);
    const link = await screen.findByRole('link', { name: 'Cotton Kurta (Size: L)' });
    expect(link).toHaveAttribute('href', '/product/cotton-kurta-p1?variant=v2');
    expect(screen.getByText('Out of stock: sign in with a mobile to be texted when it is back.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Cotton Kurta' }));
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('guestWishlist')!)).toEqual([]);
  });

  it('in Bangla: the Bangla name, size and price', async () => {
    await act(() => changeLanguage('bn'));
    fakeApi({});
    renderPage(<WishlistPage />);
    expect(await screen.findByRole('link', { name: 'সুতির কুর্তা (সাইজ: এল)' })).toBeInTheDocument();
    expect(screen.getByText('৯০০.০০৳')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'সুতির কুর্তা সরান' })).toBeInTheDocument();
  });
});
