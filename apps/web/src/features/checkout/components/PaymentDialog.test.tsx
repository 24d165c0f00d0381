import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '../../../test-api';
import { renderPage } from '../../../test-utils';
import { PaymentDialog } from './PaymentDialog';

function renderDialog(onConfirm = vi.fn()) {
  fakeApi({ 'GET shop-info': { body: envelope({ walletNumber: '01755555555', phone: '', email: '', social: {} }) } });
  renderPage(<PaymentDialog onClose={vi.fn()} onConfirm={onConfirm} submitting={false} />);
  return onConfirm;
}

describe('PaymentDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the shop's one wallet number once and the spec's messages", async () => {
    const onConfirm = renderDialog();
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Select Payment Method' })).toBeInTheDocument();
    expect(await screen.findAllByText('01755555555')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText('Select a method')).toBeInTheDocument();
    expect(screen.getByText('Valid mobile number required')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText('Bkash'));
    await user.type(screen.getByLabelText('Mobile Number'), '0171234567');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText('Valid mobile number required')).toBeInTheDocument();
    expect(screen.queryByText('Select a method')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with the method, number, transaction id and note', async () => {
    const onConfirm = renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Nagad'));
    await user.type(screen.getByLabelText('Transaction ID'), 'TX77');
    await user.type(screen.getByLabelText('Mobile Number'), '01812345678');
    await user.type(screen.getByLabelText('Note'), 'call first');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(onConfirm).toHaveBeenCalledWith({ method: 'nagad', transaction_id: 'TX77', mobile: '01812345678', note: 'call first' });
  });
});
