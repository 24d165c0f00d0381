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

/**
 * Issue 42: a refusal of the code flow is said in the form (role=alert), not in a toast; at a stop (the code
 * locked, a cap) the "new code in 47 s" countdown goes, the time a new code may be asked for is named, and the
 * sign-in page offers e-mail and password.
 */
describe('a refused code, said in the form', () => {
  // 16:50:10 on the device's clock; Date alone is faked, so the form's own timers still run.
  const at = (h: number, m: number, s: number) => new Date(2026, 11, 7, h, m, s);
  const locked = { status: 429, body: { ...failure('Too many wrong tries for this code. Please ask for a new one.'), code: 'OTP_CODE_LOCKED', params: {} } };
  const openWith = (routes: Parameters<typeof fakeApi>[0]) => {
    api = fakeApi({ 'POST user/otp/send': { body: envelope({ resend_after_seconds: 60 }, 'We have sent a code to this number.') }, ...routes });
    return renderPage(<MobileLoginPage />, { path: '/login-mobile', routes: [{ path: '/login', element: <p>the e-mail page</p> }] });
  };
  const askForCode = async (label: string, button: string | RegExp) => {
    await userEvent.type(screen.getByLabelText(label), '01712345678');
    await userEvent.click(screen.getByRole('button', { name: button }));
  };
  const typeCode = async (digit1: RegExp, submit: string) => {
    await userEvent.click(await screen.findByLabelText(digit1));
    await userEvent.keyboard('123456');
    await userEvent.click(screen.getByRole('button', { name: submit }));
  };
  /** What the alert says, a paragraph at a time: the refusal, then the next step. */
  const sentences = (alert: HTMLElement) => [...alert.querySelectorAll('p')].map((p) => p.textContent);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(16, 50, 10));
  });
  afterEach(() => vi.useRealTimers());

  it('a locked code: the lock in the form, the countdown and the boxes gone, the time named, e-mail and password offered', async () => {
    const { router } = openWith({ 'POST user/otp/verify': locked });
    await askForCode('Mobile number', 'Send code by SMS');
    expect(await screen.findByText('You can ask for a new code in 60 seconds.')).toBeInTheDocument();
    await typeCode(/^Digit 1$/, 'Sign In');

    const said = await screen.findByRole('alert');
    // The minute of the last code ends at 16:51:10: named to the minute, never earlier than it is.
    expect(sentences(said)).toEqual(['Too many wrong tries for this code. Please ask for a new one.', 'You can ask for a new code at 16:52.']);
    expect(screen.getAllByText('Too many wrong tries for this code. Please ask for a new one.')).toHaveLength(1); // no toast besides
    expect(screen.queryByText(/You can ask for a new code in \d+ seconds?\./)).toBeNull();
    expect(screen.queryByLabelText('Digit 1')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();

    // The time comes: a new code may be asked for, and with it come fresh boxes.
    vi.setSystemTime(at(16, 51, 11));
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }, { timeout: 3000 }));
    expect(await screen.findByText('You can ask for a new code in 60 seconds.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Digit 1')).toHaveValue('');
    expect(api.sent('POST', 'user/otp/send')).toHaveLength(2);

    // The other way in, from the stop: the e-mail and password page, keeping where the visitor was going.
    await typeCode(/^Digit 1$/, 'Sign In');
    await userEvent.click(await screen.findByRole('link', { name: 'Sign in with your e-mail and password instead' }));
    expect(await screen.findByText('the e-mail page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('in Bangla: the lock in Bangla, the time in Bengali digits, the other way in Bangla', async () => {
    await act(() => changeLanguage('bn'));
    openWith({ 'POST user/otp/verify': locked });
    await askForCode('মোবাইল নম্বর', /কোড পাঠান$/);
    expect(await screen.findByText('৬০ সেকেন্ড পরে নতুন কোড চাইতে পারবেন।')).toBeInTheDocument();
    await typeCode(/^(1|১) নম্বর ঘর$/, 'সাইন ইন');
    const said = await screen.findByRole('alert');
    expect(sentences(said)).toEqual(['এই কোডে অনেকবার ভুল চেষ্টা হয়েছে। নতুন কোড চান।', '৪:৫২ অপরাহ্ণ থেকে নতুন কোড চাইতে পারবেন।']);
    expect(screen.queryByText(/সেকেন্ড পরে নতুন কোড চাইতে পারবেন/)).toBeNull();
    expect(screen.queryByLabelText(/^(1|১) নম্বর ঘর$/)).toBeNull();
    expect(screen.getByRole('link', { name: 'এর বদলে ইমেইল ও পাসওয়ার্ড দিয়ে সাইন ইন করুন' })).toHaveAttribute('href', '/login');
  });

  it("a number's daily cap, asked for the first code: the day and time the server gives (Retry-After), and e-mail and password", async () => {
    openWith({
      'POST user/otp/send': { status: 429, headers: { 'retry-after': String(20 * 3600) }, body: { ...failure('Too many codes were sent to this number today. Please try again tomorrow.'), code: 'OTP_NUMBER_DAILY_CAP', params: {} } },
    });
    await askForCode('Mobile number', 'Send code by SMS');
    // 16:50:10 + 20 h: tomorrow, so the date is named too.
    expect(sentences(await screen.findByRole('alert'))).toEqual(['Too many codes were sent to this number today. Please try again tomorrow.', 'You can ask for a new code at 8 Dec 2026, 12:51.']);
    expect(screen.getByRole('link', { name: 'Sign in with your e-mail and password instead' })).toHaveAttribute('href', '/login');
    // Still on the number: another may be typed.
    expect(screen.getByLabelText('Mobile number')).toBeInTheDocument();
  });

  it('a wrong code is said in the form too, with the tries left; the boxes and the countdown stay', async () => {
    openWith({ 'POST user/otp/verify': { status: 400, body: { ...failure('That code is not right. 1 try left.'), code: 'OTP_CODE_WRONG', params: { left: 1 } } } });
    await askForCode('Mobile number', 'Send code by SMS');
    await typeCode(/^Digit 1$/, 'Sign In');
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. 1 try left.');
    expect(screen.getByText('You can ask for a new code in 60 seconds.')).toBeInTheDocument();
    expect(screen.getByLabelText('Digit 1')).toHaveValue('1');
    expect(screen.queryByRole('link', { name: 'Sign in with your e-mail and password instead' })).toBeNull();
  });

  it('counts the last second as one: "in 1 second", "১ সেকেন্ড"', async () => {
    openWith({ 'POST user/otp/send': { body: envelope({ resend_after_seconds: 1 }, 'We have sent a code to this number.') } });
    await askForCode('Mobile number', 'Send code by SMS');
    expect(await screen.findByText('You can ask for a new code in 1 second.')).toBeInTheDocument();
    await act(() => changeLanguage('bn'));
    expect(screen.getByText('১ সেকেন্ড পরে নতুন কোড চাইতে পারবেন।')).toBeInTheDocument();
  });
});
