import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '@haat/shared/constants';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { AddressDialog } from './AddressDialog';

describe('AddressDialog (guest)', () => {
  it('shows the messages, then saves the address to guestAddress with a local id', async () => {
    let saved: unknown = null;
    renderPage(<AddressDialog open onClose={() => {}} onSaved={(a) => (saved = a)} />);
    expect(screen.getByRole('dialog', { name: 'Add Address' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(["Enter the recipient's name", 'Address Line is required', 'City is required', 'Mobile is required']),
    );
    await userEvent.type(screen.getByLabelText("Recipient's name"), 'Rahim Uddin');
    await userEvent.type(screen.getByLabelText('Address Line'), 'House 1, Road 2');
    await userEvent.type(screen.getByLabelText('City'), 'Dhaka');
    await userEvent.type(screen.getByLabelText('Mobile'), '0171234567');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Mobile number must be exactly 11 digits')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Mobile'), '8');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saved).not.toBeNull());
    const stored = JSON.parse(localStorage.getItem('guestAddress')!);
    expect(stored).toEqual([{ name: 'Rahim Uddin', address_line: 'House 1, Road 2', city: 'Dhaka', mobile: '01712345678', _id: expect.stringMatching(/^[0-9a-z]+$/) }]);
    expect(saved).toEqual(stored[0]);
  });
});

/** Issue 42: a phone account types its mobile once, when it signs in; a new address starts with it. */
describe('AddressDialog (an account signed in with its mobile)', () => {
  const account = (extra: object) => ({ _id: 'u1', name: '', email: '', avatar: '', mobile: '01712345678', mobile_verified: true, phone_only: true, role: 'USER', status: 'Active', verified: false, last_logit_date: null, createdAt: '2026-11-28T00:00:00.000Z', address_details: [], orderHistory: [], shopping_cart: [], ...extra });
  const signIn = (user: object) => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'the-access');
    fakeApi({ 'GET user/get-user': { body: envelope(user) }, 'GET address/get-address': { body: envelope([]) } });
  };
  afterEach(() => vi.unstubAllGlobals());

  it('a new address is filled with the verified mobile, in English', async () => {
    signIn(account({}));
    renderPage(<AddressDialog open onClose={() => {}} />);
    await waitFor(() => expect(screen.getByLabelText('Mobile')).toHaveValue('01712345678'));
    expect(screen.getByLabelText("Recipient's name")).toHaveValue('');
  });

  it('and in Bangla', async () => {
    await act(() => changeLanguage('bn'));
    signIn(account({}));
    renderPage(<AddressDialog open onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'ঠিকানা যোগ করুন' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('মোবাইল')).toHaveValue('01712345678'));
  });

  it('a mobile not verified is not filled in', async () => {
    signIn(account({ mobile_verified: false, phone_only: false, email: 'rahim@example.com' }));
    const { queryClient } = renderPage(<AddressDialog open onClose={() => {}} />);
    await waitFor(() => expect(queryClient.getQueryData(['user'])).toBeTruthy());
    expect(screen.getByLabelText('Mobile')).toHaveValue('');
  });

  it('editing an address keeps its own mobile', async () => {
    signIn(account({}));
    const { queryClient } = renderPage(<AddressDialog open onClose={() => {}} address={{ _id: 'a1', name: 'Karim', address_line: 'Road 5', city: 'Dhaka', mobile: '01812345678' }} />);
    await waitFor(() => expect(queryClient.getQueryData(['user'])).toBeTruthy());
    expect(screen.getByLabelText('Mobile')).toHaveValue('01812345678');
  });
});
