import { act, screen, waitFor } from '@testing-library/react';
import { changeLanguage, LANG_STORAGE_KEY } from '@/i18n';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginCodePage } from './LoginCodePage';
import { LoginPage } from './LoginPage';
import { MobileLoginPage } from './MobileLoginPage';
import { RegisterPage } from './RegisterPage';
import { ResetPasswordPage } from './ResetPasswordPage';

/** Records what the forms send; a form that fails validation must send nothing. */
let api: ReturnType<typeof fakeApi>;
const ok = { body: envelope(null) };
beforeEach(() => {
  api = fakeApi({ 'POST user/register': ok, 'POST user/login': ok, 'PUT user/forgot-password': ok, 'PUT user/update-password': ok, 'PUT user/verify-otp': ok });
});
afterEach(() => vi.unstubAllGlobals());

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('Register', () => {
  it('shows the §5 messages for empty fields and sends nothing', async () => {
    renderPage(<RegisterPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(alerts()).toEqual(['Name is required', 'Email is required', 'Password is required', 'Confirm Password is required']),
    );
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText('Already registered?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login here' })).toHaveAttribute('href', '/login');
  });

  it('checks the e-mail pattern and password length', async () => {
    renderPage(<RegisterPage />);
    await userEvent.type(screen.getByLabelText('Name'), 'Rahim');
    await userEvent.type(screen.getByLabelText('Email'), 'rahim@');
    await userEvent.type(screen.getByLabelText('Password'), '12345');
    await userEvent.type(screen.getByLabelText('Confirm Password'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(alerts()).toEqual(['Invalid email address', 'Password must be at least 6 characters']));
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('a password mismatch gives the message and the toast, and sends nothing', async () => {
    renderPage(<RegisterPage />);
    await userEvent.type(screen.getByLabelText('Name'), 'Rahim');
    await userEvent.type(screen.getByLabelText('Email'), 'rahim@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret2');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(await screen.findByText('Passwords do not match! Please try again.')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('the toggle shows and hides the password', async () => {
    renderPage(<RegisterPage />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(input).toHaveAttribute('type', 'text');
  });

  it('sends the payload, toasts success and goes to /login', async () => {
    const { router } = renderPage(<RegisterPage />);
    await userEvent.type(screen.getByLabelText('Name'), 'Rahim');
    await userEvent.type(screen.getByLabelText('Email'), 'rahim@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const call = api.calls[0]!;
    expect(call.path).toBe('user/register');
    expect(call.body).toEqual({ name: 'Rahim', email: 'rahim@example.com', password: 'secret1', confirmPassword: 'secret1' });
    // The page's language goes along, for the warning mail an existing owner may get.
    expect(call.headers['accept-language']).toBe('en');
  });
});

describe('Login', () => {
  it('shows the §5 messages and links to forgot-password', async () => {
    renderPage(<LoginPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(alerts()).toEqual(['Email is required', 'Password is required']));
    await userEvent.type(screen.getByLabelText('Email'), 'bad');
    await userEvent.type(screen.getByLabelText('Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(alerts()).toEqual(['Invalid email address', 'Password must be at least 6 characters']));
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('shows the server message when the login is refused', async () => {
    api = fakeApi({ 'POST user/login': { status: 401, body: failure('Invalid email or password.') } });
    renderPage(<LoginPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.co');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});

describe('Sign in with a code sent by e-mail (decision 0045)', () => {
  const CAPPED = 'Too many wrong passwords for this account today. Please sign in with a code sent to your e-mail.';
  const user = { _id: 'u1', name: 'Rahim', email: 'rahim@example.com', role: 'USER' };

  it('the login page links to it, and shows the capped-password message that points there', async () => {
    api = fakeApi({ 'POST user/login': { status: 403, body: failure(CAPPED) } });
    renderPage(<LoginPage />);
    expect(screen.getByRole('link', { name: 'Sign in with a code sent by e-mail' })).toHaveAttribute('href', '/login-code');
    await userEvent.type(screen.getByLabelText('Email'), 'rahim@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(CAPPED)).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('asks for the e-mail, then the code, and signs in', async () => {
    api = fakeApi({
      'PUT user/send-login-code': ok,
      'PUT user/login-with-code': { body: envelope({ access_token: 'the-access', refresh_token: 'the-refresh' }) },
      'GET user/get-user': { body: envelope(user) },
    });
    const { router } = renderPage(<LoginCodePage />);
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Email'), 'rahim@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('If an account exists for this e-mail, we have sent a code to it.')).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ method: 'PUT', path: 'user/send-login-code', body: { email: 'rahim@example.com' } });
    expect(api.calls[0]!.headers['accept-language']).toBe('en');
    expect(screen.getByText('Enter the 8-digit code we sent to rahim@example.com. It works for 10 minutes.')).toBeInTheDocument();
    // A short code is refused before any request.
    await userEvent.type(screen.getByLabelText('Code'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter the 8-digit code from the e-mail.')).toBeInTheDocument();
    expect(api.sent('PUT', 'user/login-with-code')).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '1234 5678');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.sent('PUT', 'user/login-with-code')[0]!.body).toEqual({ email: 'rahim@example.com', code: '12345678' });
    expect(localStorage.getItem('access_token')).toBe('the-access');
    expect(localStorage.getItem('refresh_token')).toBe('the-refresh');
  });

  it('shows a wrong code in Bangla, and stores nothing', async () => {
    api = fakeApi({
      'PUT user/send-login-code': ok,
      'PUT user/login-with-code': { status: 400, body: failure('Invalid or expired code. Please check the code, or ask for a new one.') },
    });
    await act(() => changeLanguage('bn'));
    renderPage(<LoginCodePage />);
    expect(screen.getByRole('heading', { name: 'কোড দিয়ে সাইন ইন' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('ইমেইল'), 'rahim@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'কোড পাঠান' }));
    await userEvent.type(await screen.findByLabelText('কোড'), '১২৩৪৫৬৭৮');
    await userEvent.click(screen.getByRole('button', { name: 'সাইন ইন' }));
    expect(await screen.findByText('কোডটি ভুল বা মেয়াদোত্তীর্ণ। কোডটি দেখে নিন, অথবা নতুন কোড চান।')).toBeInTheDocument();
    expect(api.calls[0]!.headers['accept-language']).toBe('bn');
    expect(api.sent('PUT', 'user/login-with-code')[0]!.body).toEqual({ email: 'rahim@example.com', code: '12345678' });
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});

describe('Forgot Password', () => {
  it('shows the §5 messages, then sends and goes to /verify-otp carrying the e-mail', async () => {
    const { router } = renderPage(<ForgotPasswordPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Email' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Email' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'rahim@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Email' }));
    expect(await screen.findByText('Password reset email sent.Please Check your email')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-otp'));
    expect(router.state.location.state).toEqual({ email: 'rahim@example.com' });
    expect(api.calls.at(-1)!.headers['accept-language']).toBe('en');
  });

  it('in Bangla asks for the mail in Bangla', async () => {
    await act(() => changeLanguage('bn'));
    renderPage(<ForgotPasswordPage />);
    await userEvent.type(screen.getByRole('textbox'), 'rahim@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'রিসেট ইমেইল পাঠান' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]!.path).toBe('user/forgot-password');
    expect(api.calls[0]!.headers['accept-language']).toBe('bn');
  });
});

describe('Reset Password', () => {
  const verified = { email: 'rahim@example.com', data: { success: true, resetToken: 'tok_abc' } };

  it('without the carried e-mail and verify response it goes to /forgot-password', async () => {
    const { router } = renderPage(<ResetPasswordPage />, { path: '/password-reset', state: { email: 'rahim@example.com' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('without the reset token it goes to /forgot-password', async () => {
    const { router } = renderPage(<ResetPasswordPage />, { path: '/password-reset', state: { email: 'rahim@example.com', data: { success: true } } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('shows the §5 messages', async () => {
    renderPage(<ResetPasswordPage />, { path: '/password-reset', state: verified });
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(alerts()).toEqual(['New Password is required', 'Confirm New Password is required']));
    await userEvent.type(screen.getByLabelText('New Password'), '123');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), '124');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(alerts()).toEqual(['Password must be at least 6 characters', 'Passwords must match']));
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['a 500 with no message', async () => new Response('Internal Server Error', { status: 500 }), 'Something went wrong. Try again!'],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), 'Something went wrong. Try again!'],
    ['a 400 with a message', async () => new Response(JSON.stringify({ success: false, error: true, message: 'Reset token expired' }), { status: 400 }), 'Reset token expired'],
  ])("on %s it shows the §8 text at top-center", async (_case, answer, text) => {
    // Below the API: what the network itself answers.
    api.fetchMock.mockImplementation(answer);
    renderPage(<ResetPasswordPage />, { path: '/password-reset', state: verified });
    await userEvent.type(screen.getByLabelText('New Password'), 'brandnew1');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'brandnew1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    const toastText = await screen.findByText(text);
    expect(screen.queryByText(/Request failed/)).not.toBeInTheDocument();
    // react-hot-toast places a top-center toast in a centred row pinned to the top.
    const row = toastText.closest<HTMLElement>('div[style*="justify-content"]')!;
    expect(row.style.justifyContent).toBe('center');
    expect(row.style.top).toBe('0px');
  });

  it('sends e-mail, reset token, NewPassword and ConfirmNewPassword, then goes to /login', async () => {
    const { router } = renderPage(<ResetPasswordPage />, { path: '/password-reset', state: verified });
    await userEvent.type(screen.getByLabelText('New Password'), 'brandnew1');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'brandnew1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successful!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls[0]!.body).toEqual({
      email: 'rahim@example.com',
      resetToken: 'tok_abc',
      NewPassword: 'brandnew1',
      ConfirmNewPassword: 'brandnew1',
    });
  });
});

/** Issue 42: a shopper who reaches sign-in in the wrong language switches it there, as in the storefront's header. */
describe('the বাংলা / English toggle on the sign-in pages', () => {
  const pages = [
    { name: 'login', page: <LoginPage />, en: 'Login', bn: 'লগইন' },
    { name: 'register', page: <RegisterPage />, en: 'Register', bn: 'নিবন্ধন' },
    { name: 'phone sign-in', page: <MobileLoginPage />, en: 'Continue with mobile number', bn: 'মোবাইল নম্বর দিয়ে চালিয়ে যান' },
    { name: 'forgot password', page: <ForgotPasswordPage />, en: 'Forgot Password', bn: 'পাসওয়ার্ড ভুলে গেছেন' },
  ];
  it.each(pages)('the $name page switches to Bangla and back, remembering the choice', async ({ page, en, bn }) => {
    renderPage(page);
    expect(screen.getByRole('heading', { level: 1, name: en })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'বাংলা' }));
    expect(await screen.findByRole('heading', { level: 1, name: bn })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bn');
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('bn');
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: en })).toBeInTheDocument();
  });

  it('opened in Bangla, offers English', async () => {
    await act(() => changeLanguage('bn'));
    renderPage(<LoginPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'লগইন' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
  });
});
