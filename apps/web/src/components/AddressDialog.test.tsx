import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
