import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { VerifyOtpPage } from '../pages/VerifyOtpPage';

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({ 'PUT user/verify-otp': { body: envelope({ verified: true, resetToken: 'tok_abc' }, 'OTP verified successfully') } });
});
afterEach(() => vi.unstubAllGlobals());

const boxes = () => [1, 2, 3, 4, 5, 6].map((n) => screen.getByLabelText(`Digit ${n}`) as HTMLInputElement);
const state = { email: 'rahim@example.com' };

describe('Verify OTP', () => {
  it('typing advances box by box; Backspace on an empty box goes back', async () => {
    renderPage(<VerifyOtpPage />, { path: '/verify-otp', state });
    const b = boxes();
    await userEvent.click(b[0]!);
    await userEvent.keyboard('123');
    expect(b.map((x) => x.value)).toEqual(['1', '2', '3', '', '', '']);
    expect(b[3]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(b[2]).toHaveFocus();
    expect(b.map((x) => x.value)).toEqual(['1', '2', '', '', '', '']);
    // Letters are not digits.
    await userEvent.keyboard('x');
    expect(b[2]!.value).toBe('');
  });

  it('pasting a whole code fills every box', async () => {
    renderPage(<VerifyOtpPage />, { path: '/verify-otp', state });
    const b = boxes();
    await userEvent.click(b[0]!);
    await userEvent.paste('48 27 19');
    expect(b.map((x) => x.value)).toEqual(['4', '8', '2', '7', '1', '9']);
    expect(b[5]).toHaveFocus();
  });

  it('needs exactly 6 digits, then verifies and carries e-mail and result on', async () => {
    const { router } = renderPage(<VerifyOtpPage />, { path: '/verify-otp', state });
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Please enter a 6-digit OTP.')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
    await userEvent.click(boxes()[5]!);
    await userEvent.keyboard('6');
    await userEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('OTP verified successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/password-reset'));
    expect(router.state.location.state).toEqual({ email: 'rahim@example.com', data: { success: true, resetToken: 'tok_abc' } });
    expect(api.sent('PUT', 'user/verify-otp')[0]!.body).toEqual({ email: 'rahim@example.com', otp: '123456' });
  });

  it('without the carried e-mail it goes to /forgot-password', async () => {
    const { router } = renderPage(<VerifyOtpPage />, { path: '/verify-otp' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });
});
