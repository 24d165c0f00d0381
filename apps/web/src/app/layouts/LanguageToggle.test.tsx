import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { changeLanguage, currentLang, detectLanguages, LANG_STORAGE_KEY } from '@/i18n';
import { translateError, translateMessage } from '@/i18n/messages';
import { CartPage } from '@/features/cart/pages/CartPage';
import { Header } from './Header';
import { Footer } from '@/components/Footer';
import { AccountLinks } from '@/features/account/components/AccountLinks';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@haat/shared/constants';
import { waitFor } from '@testing-library/react';

const shirt = { _id: 'shirt1', name: 'Cotton T-Shirt', name_bn: 'সুতির টি-শার্ট', image: [], unit: '1 pc', price: 1000, discount: 10, stock: 5, quantity: 3, maxQuantity: 5 };

function browserLanguage(lang: string) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(lang);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue([lang]);
}

beforeEach(() => {
  fakeApi({ 'GET delivery-settings': { body: envelope({ freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 }) } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('বাংলা / English', () => {
  it('the header toggle switches the texts and remembers the choice', async () => {
    renderPage(<Header />, { path: '/' });
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'বাংলা' }));

    // The Bangla texts load first, then the page switches (decision 0082).
    expect(await screen.findByRole('button', { name: 'English' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'লগইন' })).toBeInTheDocument();
    expect(screen.getByText('পণ্য খুঁজুন')).toBeInTheDocument();
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('bn');
    expect(document.documentElement.lang).toBe('bn');

    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByRole('button', { name: 'বাংলা' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('en');
  });

  it("a first visit follows the browser's language; a remembered choice wins over it", async () => {
    browserLanguage('bn-BD');
    await act(() => changeLanguage()); // detect, as on a first visit
    expect(currentLang()).toBe('bn');
    renderPage(<Header />, { path: '/' });
    expect(screen.getByRole('button', { name: 'English' })).toBeInTheDocument();

    // What the toggle leaves: the choice stored and in the cookie.
    localStorage.setItem(LANG_STORAGE_KEY, 'en');
    document.cookie = `${LANG_STORAGE_KEY}=en; path=/`;
    await act(() => changeLanguage());
    expect(currentLang()).toBe('en');
    expect(screen.getByRole('button', { name: 'বাংলা' })).toBeInTheDocument();
  });

  it('the choice made before the scripts ran (the server set only the cookie) wins over an older stored one', async () => {
    localStorage.setItem(LANG_STORAGE_KEY, 'en');
    document.cookie = `${LANG_STORAGE_KEY}=bn; path=/`;
    await act(() => changeLanguage());
    expect(currentLang()).toBe('bn');
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('bn');
  });

  it('is a form that asks for the same page, its search kept, with ?lang= (what a tap does before the scripts run)', () => {
    renderPage(<Header />, { path: '/search-page', url: '/search-page?search=saree&page=2' });
    const button = screen.getByRole('button', { name: 'বাংলা' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('name', 'lang');
    expect(button).toHaveAttribute('value', 'bn');
    const form = button.closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/search-page');
    expect(Object.fromEntries(new FormData(form, button))).toEqual({ search: 'saree', page: '2', lang: 'bn' });
  });

  it('leaves an ad’s tracking parameters out of the form, as the server renders the page without them', () => {
    renderPage(<Header />, { path: '/search-page', url: '/search-page?search=saree&fbclid=IwAR0abc&utm_source=facebook' });
    const button = screen.getByRole('button', { name: 'বাংলা' });
    expect(Object.fromEntries(new FormData(button.closest('form')!, button))).toEqual({ search: 'saree', lang: 'bn' });
  });

  it('in Bangla the cart shows Bangla names, Bengali-digit plurals and translated messages', async () => {
    localStorage.setItem('guestCart', JSON.stringify([shirt]));
    await act(() => changeLanguage('bn'));
    renderPage(<CartPage />, { path: '/cart' });
    expect(await screen.findByText('সুতির টি-শার্ট')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'সুতির টি-শার্ট বাড়ান' })).toBeInTheDocument();
    expect(within(screen.getByTestId('bill-details')).getByTestId('bill-quantity')).toHaveTextContent('৩টি পণ্য');
    expect(screen.getByText('বিলের বিবরণ')).toBeInTheDocument();

    expect(translateMessage('Mobile number must be exactly 11 digits')).toBe('মোবাইল নম্বর ঠিক ১১ সংখ্যার হতে হবে');
    expect(translateError('ORDER_QUANTITY_OVER_STOCK', { n: 20, name: 'Rice' }, 'You can order at most 20 of Rice.')).toBe('Rice সর্বোচ্চ ২০টি অর্ডার করা যায়।');
    // A message no one translated stays as the server sent it.
    expect(translateMessage('Something new from the server.')).toBe('Something new from the server.');
    await act(() => changeLanguage('en'));
    expect(translateMessage('Mobile number must be exactly 11 digits')).toBe('Mobile number must be exactly 11 digits');
  });
});

describe('one language at a time (issue 19)', () => {
  const user = { _id: 'u1', name: 'Rahim', email: 'rahim@haat.test', avatar: '', mobile: null, role: 'USER' as const, status: 'Active' as const, verified: true, last_logit_date: null, createdAt: '2025-01-01T00:00:00.000Z' };

  it('logging out keeps the Bangla choice on the device: the next visit is still in Bangla', async () => {
    fakeApi({ 'POST user/logout': { body: envelope(null, 'Logout successfully') } });
    localStorage.setItem(ACCESS_TOKEN_KEY, 'access');
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh');
    await act(() => changeLanguage('bn'));
    renderPage(<AccountLinks user={user} />, { path: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'লগআউট' }));
    await waitFor(() => expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull());
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('bn');
    // What a reload would choose: the remembered Bangla, not the browser's English.
    browserLanguage('en-US');
    expect(detectLanguages()).toEqual(expect.arrayContaining(['bn']));
    expect(screen.getByRole('link', { name: 'আমার অর্ডার' })).toBeInTheDocument();
  });

  it('writes the footer year in the page\'s digits', async () => {
    fakeApi({ 'GET shop-info': { body: envelope({ name: 'Haat', address: 'Dhaka', phone: '01700000000', email: 'support@haat.test', social: {} }) } });
    const { unmount } = renderPage(<Footer />, { path: '/' });
    expect(screen.getByText('All Rights Reserved 2025')).toBeInTheDocument();
    unmount();
    await act(() => changeLanguage('bn'));
    renderPage(<Footer />, { path: '/' });
    expect(screen.getByText('সর্বস্বত্ব সংরক্ষিত ২০২৫')).toBeInTheDocument();
  });
});
