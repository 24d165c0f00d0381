import type { ReactElement } from 'react';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, type Lang } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { STAFF_LINKS } from '@/features/account/staffLinks';
import { DashboardLayout } from './layouts/DashboardLayout';
import { CartPage } from '@/features/cart/pages/CartPage';
import { CheckoutPage } from '@/features/checkout/pages/CheckoutPage';
import { LoginPage } from '@/features/auth/pages/LoginPage';
import { MobileLoginPage } from '@/features/auth/pages/MobileLoginPage';
import { RegisterPage } from '@/features/auth/pages/RegisterPage';
import { TrackPage } from '@/features/track/pages/TrackPage';
import { ComplaintPage } from '@/features/policies/pages/ComplaintPage';
import { MyAccountPage } from '@/features/account/pages/MyAccountPage';

/**
 * Issue 42: a Bangla page's browser tab was titled in English (or kept the title of the page before it). Each
 * shopper's page and every owner page is titled in the page's language.
 */
const owner = { _id: 'u1', name: 'Owner', email: 'owner@haat.test', mobile: '', avatar: '', role: 'ADMIN', verify_email: true, status: 'Active' };

async function titleOf(page: ReactElement, lang: Lang, url = '/page'): Promise<string> {
  await act(() => changeLanguage(lang));
  fakeApi({ 'GET user/get-user': { body: envelope(owner) } });
  localStorage.setItem('access_token', 'owner-token');
  document.title = 'Before';
  const view = renderPage(page, { path: url });
  await waitFor(() => expect(document.title).not.toBe('Before'));
  const title = document.title;
  view.unmount();
  return title;
}

describe('page titles in the page’s language (issue 42)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['cart', <CartPage key="p" />, 'Cart | Haat', 'কার্ট | Haat'],
    ['checkout', <CheckoutPage key="p" />, 'Checkout | Haat', 'চেকআউট | Haat'],
    ['sign-in', <LoginPage key="p" />, 'Login | Haat', 'লগইন | Haat'],
    ['mobile sign-in', <MobileLoginPage key="p" />, 'Continue with mobile number | Haat', 'মোবাইল নম্বর দিয়ে চালিয়ে যান | Haat'],
    ['register', <RegisterPage key="p" />, 'Register | Haat', 'নিবন্ধন | Haat'],
    ['track', <TrackPage key="p" />, 'Track your order | Haat', 'আপনার অর্ডার ট্র্যাক করুন | Haat'],
    ['complaint', <ComplaintPage key="p" />, 'Make a complaint | Haat', 'অভিযোগ করুন | Haat'],
    ['account', <MyAccountPage key="p" />, 'My Account | Haat', 'আমার অ্যাকাউন্ট | Haat'],
  ])('the %s page', async (_name, page, en, bn) => {
    expect(await titleOf(page, 'en')).toBe(en);
    expect(await titleOf(page, 'bn')).toBe(bn);
  });

  it('follows a switch of language on the open page, and gives back the title before it when left', async () => {
    fakeApi({});
    document.title = 'Home';
    const view = renderPage(<CartPage />);
    await waitFor(() => expect(document.title).toBe('Cart | Haat'));
    await act(() => changeLanguage('bn'));
    await waitFor(() => expect(document.title).toBe('কার্ট | Haat'));
    view.unmount();
    expect(document.title).toBe('Home');
  });

  it('titles every owner page and the account’s own pages with its name in the menu, in both languages', async () => {
    const titles = async (lang: Lang) => {
      await act(() => changeLanguage(lang));
      fakeApi({ 'GET user/get-user': { body: envelope(owner) } });
      const out: string[] = [];
      for (const path of [...STAFF_LINKS.map((l) => l.to), '/dashboard/profile', '/dashboard/orders', '/dashboard/address']) {
        document.title = 'Before';
        const view = renderPage(<DashboardLayout />, { path: '/dashboard/*', url: path });
        await waitFor(() => expect(document.title, path).not.toBe('Before'));
        out.push(document.title);
        view.unmount();
      }
      return out;
    };
    const en = await titles('en');
    expect(en.slice(0, 5)).toEqual(['Dashboard | Haat', 'Category | Haat', 'SubCategory | Haat', 'Upload Product | Haat', 'Product | Haat']);
    expect(en.slice(-3)).toEqual(['Profile | Haat', 'My Orders | Haat', 'Addresses | Haat']);
    const bn = await titles('bn');
    expect(bn).toContain('অফার ও ভাউচার | Haat');
    expect(bn).toContain('কর্মী | Haat');
    expect(bn).toContain('ফেরত | Haat');
    // Nothing but the shop's name in Latin letters: every owner page's title is Bangla.
    for (const title of bn) expect(title.replace(/ \| Haat$/, ''), title).not.toMatch(/[A-Za-z]/);
  });
});
