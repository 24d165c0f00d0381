import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { envelope, failure, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { LoginPage } from './LoginPage';
import { MobileLoginPage } from './MobileLoginPage';
import { RegisterPage } from './RegisterPage';

/** Issue 26: "Continue with mobile number" beside e-mail, and the sign-in by a texted code. */
let api: ReturnType<typeof fakeApi>;
const me = { _id: 'u1', name: '', email: '', avatar: '', mobile: '01712345678', mobile_verified: true, phone_only: true, role: 'USER', status: 'Active', verified: false, last_logit_date: null, createdAt: '2026-11-28T00:00:00.000Z', address_details: [], orderHistory: [], shopping_cart: [] };
beforeEach(() => {
  api = fakeApi({
    'POST user/otp/send': { body: envelope({ resend_after_seconds: 60 }, 'We have sent a code to this number.') },
    'POST user/otp/verify': { body: envelope({ access_token: 'the-access', refresh_token: 'the-refresh' }, 'Login successfully') },
    'GET user/get-user': { body: envelope(me) },
    'POST cart/add-to-cart': { body: envelope(null) },
  });
});
afterEach(() => vi.unstubAllGlobals());

const boxes = () => [1, 2, 3, 4, 5, 6].map((n) => screen.getByLabelText(`Digit ${n}`) as HTMLInputElement);

describe('the choice of mobile or e-mail', () => {
  it('offers "Continue with mobile number" above the e-mail form on login and register, keeping where the visitor was going', async () => {
    const { router } = renderPage(<LoginPage />, { path: '/login', state: { from: '/checkout' }, routes: [{ path: '/login-mobile', element: <p>the mobile page</p> }] });
    expect(screen.getByText('or with e-mail')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Continue with mobile number' }));
    expect(await screen.findByText('the mobile page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/checkout' });
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('says it in Bangla on the register page', async () => {
    await act(() => changeLanguage('bn'));
    renderPage(<RegisterPage />, { path: '/register' });
    expect(screen.getByRole('link', { name: 'মোবাইল নম্বর দিয়ে চালিয়ে যান' })).toHaveAttribute('href', '/login-mobile');
    expect(screen.getByText('অথবা ইমেইল দিয়ে')).toBeInTheDocument();
  });
});

describe('signing in with a mobile', () => {
  it('sends the number in its local form, takes the code in six boxes, signs in and merges the guest cart', async () => {
    localStorage.setItem('guestCart', JSON.stringify([{ _id: 'p1', name: 'Lamp', image: [], unit: '1 pc', price: 500, discount: 0, quantity: 2 }]));
    const { router } = renderPage(<MobileLoginPage />, { path: '/login-mobile' });
    await userEvent.click(screen.getByRole('button', { name: 'Send code by SMS' }));
    expect(await screen.findByText('Valid mobile number required')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Mobile number'), '+880 1712-345678');
    await userEvent.click(screen.getByRole('button', { name: 'Send code by SMS' }));
    expect(await screen.findByText('Enter the 6-digit code we sent by SMS to 01712345678. It works for 5 minutes.')).toBeInTheDocument();
    expect(api.sent('POST', 'user/otp/send')[0]!.body).toEqual({ mobile: '01712345678' });
    // No new code until the server's minute is over.
    expect(screen.getByText(/You can ask for a new code in \d+ seconds\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();

    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.sent('POST', 'user/otp/verify')[0]!.body).toEqual({ mobile: '01712345678', otp: '123456' });
    expect(localStorage.getItem('access_token')).toBe('the-access');
    expect(localStorage.getItem('refresh_token')).toBe('the-refresh');
    // The guest cart went to the server cart, as at e-mail login, and the guest's copy is gone.
    expect(api.sent('POST', 'cart/add-to-cart').map((c) => c.body)).toEqual([{ product_id: 'p1', quantity: 2 }]);
    expect(JSON.parse(localStorage.getItem('guestCart') ?? '[]')).toEqual([]);
  });

  it('in Bangla: Bengali digits in the number, a wrong code told in Bangla, nothing stored', async () => {
    api = fakeApi({
      'POST user/otp/send': { body: envelope({ resend_after_seconds: 60 }, 'We have sent a code to this number.') },
      'POST user/otp/verify': { status: 400, body: { ...failure('That code is not right. 4 tries left.'), code: 'OTP_CODE_WRONG', params: { left: 4 } } },
    });
    await act(() => changeLanguage('bn'));
    renderPage(<MobileLoginPage />, { path: '/login-mobile' });
    expect(screen.getByRole('heading', { name: 'মোবাইল নম্বর দিয়ে চালিয়ে যান' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('মোবাইল নম্বর'), '০১৭১২৩৪৫৬৭৮');
    await userEvent.click(screen.getByRole('button', { name: 'এসএমএসে কোড পাঠান' }));
    expect(await screen.findByText('০১৭১২৩৪৫৬৭৮ নম্বরে এসএমএসে পাঠানো ৬ সংখ্যার কোডটি লিখুন। কোডটি ৫ মিনিট কাজ করবে।')).toBeInTheDocument();
    expect(api.sent('POST', 'user/otp/send')[0]!.body).toEqual({ mobile: '01712345678' });
    await userEvent.click(screen.getByLabelText(/^(1|১) নম্বর ঘর$/));
    await userEvent.keyboard('১২৩৪৫৬');
    await userEvent.click(screen.getByRole('button', { name: 'সাইন ইন' }));
    expect(await screen.findByText('কোডটি সঠিক নয়। আর ৪ বার চেষ্টা করতে পারবেন।')).toBeInTheDocument();
    expect(api.sent('POST', 'user/otp/verify')[0]!.body).toEqual({ mobile: '01712345678', otp: '123456' });
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
