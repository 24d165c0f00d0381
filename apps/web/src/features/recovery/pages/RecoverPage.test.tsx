import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { RecoverPage } from './RecoverPage';

const kurta = {
  _id: 'p1',
  name: 'Cotton Kurta',
  name_bn: 'সুতির কুর্তা',
  description: '',
  product_details: '',
  unit: '1 pc',
  price: 900,
  discount: 0,
  image: ['/uploads/k.webp'],
  stock: 4,
  quantity: 5,
  more_details: {},
  category: [],
  subCategory: [],
  publish: true,
  createdAt: '2026-11-01T00:00:00.000Z',
};
const recovered = { lines: [{ product_id: 'p1', quantity: 2 }], mobile: '01712345678', name: 'Rahim Uddin', address_line: 'Road 5, Mirpur', city: 'Dhaka', lang: 'bn', voucher_code: 'BACK-1A2B3C4D' };

function openLink(open: { status?: number; body: object } = { body: envelope(recovered) }) {
  const api = fakeApi({
    'POST recovery/open': open,
    'POST recovery/stop': { body: { ...envelope({ stopped: true }), message: 'Saved: no more recovery SMS to this number.' } },
    'GET product/get-product-details': { body: envelope(kurta) },
  });
  renderPage(<RecoverPage />, { path: '/recover/:token', url: '/recover/tok_abcdefghijklmnopqrstuvwxyz' });
  return api;
}

/** Issue 45, decision 0117: a recovery SMS's link on another device brings back the cart, the address and the voucher. */
describe('the recovery link page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLanguage('en'));
  });

  it('in English: the cart, the typed address and the voucher come back on a new device; the SMS can be stopped', async () => {
    const api = openLink();
    expect(await screen.findByText('Your cart and delivery address are back. Finish your order when you are ready.')).toBeInTheDocument();
    expect(screen.getByText('Your voucher BACK-1A2B3C4D is applied at checkout.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('guestCart')!)).toMatchObject([{ _id: 'p1', name: 'Cotton Kurta', quantity: 2, price: 900 }]);
    expect(JSON.parse(localStorage.getItem('guestAddress')!)).toMatchObject([{ name: 'Rahim Uddin', address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile: '01712345678' }]);
    expect(screen.getByRole('link', { name: 'Go to checkout' })).toHaveAttribute('href', '/checkout');
    await userEvent.click(screen.getByRole('button', { name: 'Stop these SMS' }));
    expect(await screen.findByText('Saved: no more reminder SMS to this number.')).toBeInTheDocument();
    expect(api.sent('POST', 'recovery/stop')[0]!.body).toEqual({ token: 'tok_abcdefghijklmnopqrstuvwxyz' });
  });

  it('in Bangla: the page and an expired link are said in Bangla, and nothing is added', async () => {
    await act(() => changeLanguage('bn'));
    openLink({ status: 404, body: { success: false, error: true, message: 'This link has expired or is not valid.', data: null, code: 'RECOVERY_LINK_INVALID', params: {} } });
    expect(await screen.findByRole('heading', { name: 'আপনার কার্ট' })).toBeInTheDocument();
    expect(await screen.findByText('লিংকটির মেয়াদ শেষ বা এটি সঠিক নয়। আপনার কার্ট খালি থাকতে পারে: পণ্যগুলো আবার যোগ করুন।')).toBeInTheDocument();
    expect(localStorage.getItem('guestCart')).toBeNull();
    expect(screen.getByRole('button', { name: 'এই এসএমএস বন্ধ করুন' })).toBeInTheDocument();
  });

  it('in Bangla: the restored cart is confirmed in Bangla', async () => {
    await act(() => changeLanguage('bn'));
    openLink();
    expect(await screen.findByText('আপনার কার্ট ও ডেলিভারি ঠিকানা ফিরে এসেছে। প্রস্তুত হলে অর্ডার শেষ করুন।')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'চেকআউটে যান' })).toBeInTheDocument();
  });
});
