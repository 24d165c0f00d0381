import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserView } from '@haat/shared/schemas/user';
import { envelope, failure, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { ProfilePage } from './ProfilePage';

const user: UserView = {
  _id: 'u1', name: 'Rahim', email: 'rahim@example.com', avatar: '', mobile: null, role: 'USER',
  status: 'Active', verified: false, last_logit_date: null, createdAt: '2025-01-01T00:00:00.000Z',
};
let api: ReturnType<typeof fakeApi>;
let reply: { status?: number; body: unknown };
beforeEach(() => {
  reply = { body: envelope(user, 'Profile updated successfully') };
  api = fakeApi({ 'PUT user/update-user': () => reply });
});
afterEach(() => vi.unstubAllGlobals());

describe('Profile', () => {
  it('shows the §5 messages and sends nothing until they are fixed', async () => {
    renderPage(<ProfilePage user={user} />);
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Mobile'), '01712-345');
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'rahim.example.com');
    await userEvent.type(screen.getByLabelText('Change Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        'Only numbers are allowed',
        'Invalid email format',
        'Password must be at least 6 characters',
        'Please enter your current password to change your email or password.',
      ]),
    );
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('saves name, mobile, email and password with the bearer token', async () => {
    localStorage.setItem('access_token', 'tok');
    renderPage(<ProfilePage user={user} />);
    await userEvent.type(screen.getByLabelText('Mobile'), '01712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    const call = api.calls[0]!;
    expect(call.path).toBe('user/update-user');
    expect(call.headers.authorization).toBe('Bearer tok');
    expect(call.body).toEqual({ name: 'Rahim', email: 'rahim@example.com', mobile: '01712345678', password: '' });
  });

  it('asks for the current password only when the email or the password changes, and sends it', async () => {
    localStorage.setItem('access_token', 'tok');
    renderPage(<ProfilePage user={user} />);
    await userEvent.type(screen.getByLabelText('Name'), ' Uddin');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    // The same address in capitals is no change.
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'RAHIM@example.com');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'rahim.uddin@example.com');
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your current password to change your email or password.');
    expect(api.fetchMock).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Current password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(api.calls[0]!.body).toEqual({
      name: 'Rahim Uddin', email: 'rahim.uddin@example.com', mobile: '', password: '', currentPassword: 'secret123',
    });
  });

  it("shows the server's message when the current password is wrong", async () => {
    reply = { status: 400, body: failure('Your current password is not correct.') };
    localStorage.setItem('access_token', 'tok');
    renderPage(<ProfilePage user={user} />);
    await userEvent.type(screen.getByLabelText('Change Password'), 'newpass99');
    await userEvent.type(screen.getByLabelText('Current password'), 'guess1234');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(api.calls[0]!.body).toMatchObject({ password: 'newpass99', currentPassword: 'guess1234' });
  });

  it('clears both password fields after a saved password change', async () => {
    localStorage.setItem('access_token', 'tok');
    renderPage(<ProfilePage user={user} />);
    await userEvent.type(screen.getByLabelText('Change Password'), 'newpass99');
    await userEvent.type(screen.getByLabelText('Current password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(screen.getByLabelText('Change Password')).toHaveValue('');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });
});

describe('the profile’s mobile for signing in (issue 26)', () => {
  it('verifies the typed number with a texted code in six boxes and says what joined', async () => {
    localStorage.setItem('access_token', 'tok');
    const verified = { ...user, mobile: '01712345678', mobile_verified: true };
    api = fakeApi({
      'POST user/mobile/send': { body: envelope({ resend_after_seconds: 60 }, 'We have sent a code to this number.') },
      'POST user/mobile/verify': { body: envelope(verified, 'Mobile number verified. Your other account’s orders, addresses and cart are now here.') },
    });
    renderPage(<ProfilePage user={{ ...user, mobile: '01712345678' }} />);
    expect(screen.getByRole('heading', { name: 'Sign in with your mobile' })).toBeInTheDocument();
    // The profile's number is offered.
    expect(screen.getByLabelText('Mobile number')).toHaveValue('01712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Send code by SMS' }));
    await userEvent.click(await screen.findByLabelText('Digit 1'));
    await userEvent.keyboard('654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Mobile number verified. Your other account’s orders, addresses and cart are now here.')).toBeInTheDocument();
    expect(api.sent('POST', 'user/mobile/send')[0]!.headers.authorization).toBe('Bearer tok');
    expect(api.sent('POST', 'user/mobile/verify')[0]!.body).toEqual({ mobile: '01712345678', otp: '654321' });
  });

  it('shows a verified number as such, and lets a phone account set an e-mail and password without a current one', async () => {
    localStorage.setItem('access_token', 'tok');
    renderPage(<ProfilePage user={{ ...user, name: '', email: '', mobile: '01712345678', mobile_verified: true, phone_only: true }} />);
    expect(screen.getByText('01712345678 is verified: you can sign in with it.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'rahim@example.com');
    await userEvent.type(screen.getByLabelText('Change Password'), 'newpass99');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(api.calls[0]!.body).toEqual({ name: '', email: 'rahim@example.com', mobile: '01712345678', password: 'newpass99' });
  });
});
