import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { PaymentDialog } from './PaymentDialog';

function renderDialog(onConfirm = vi.fn(), bkashCheckout = false, sslcommerzCheckout = false, nagadCheckout = false) {
  fakeApi({ 'GET shop-info': { body: envelope({ walletNumber: '01755555555', phone: '', email: '', social: {}, bkashCheckout, sslcommerzCheckout, nagadCheckout }) } });
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

  it('with bKash checkout on, Bkash shows Pay with bKash instead of the transaction id; Nagad keeps it', async () => {
    const onConfirm = renderDialog(vi.fn(), true);
    const user = userEvent.setup();
    await screen.findAllByText('01755555555');
    await user.click(screen.getByLabelText('Bkash'));
    expect(screen.queryByLabelText('Transaction ID')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Order' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Mobile Number'), '01770618575');
    await user.click(screen.getByRole('button', { name: 'Pay with bKash' }));
    expect(onConfirm).toHaveBeenCalledWith({ method: 'bkash', transaction_id: undefined, mobile: '01770618575', note: '' });
    await user.click(screen.getByLabelText('Nagad'));
    expect(screen.getByLabelText('Transaction ID')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Order' })).toBeInTheDocument();
  });

  it('offers SSLCommerz only when the owner configured it: Pay online, no transaction id, no wallet number', async () => {
    renderDialog();
    await screen.findAllByText('01755555555');
    expect(screen.queryByLabelText(/Card, Nagad, Rocket or bKash/)).not.toBeInTheDocument();
  });

  it("shows each configured method with its provider's mark beside its name, the mark hidden from screen readers", async () => {
    renderDialog(vi.fn(), false, true);
    await screen.findByLabelText(/Card, Nagad, Rocket or bKash/);
    for (const [mark, name] of [['bKash', 'Bkash'], ['Rocket', 'Rocket'], ['Nagad', 'Nagad'], ['SSLCOMMERZ', /Card, Nagad, Rocket or bKash/]] as const) {
      expect(screen.getAllByText(mark, { exact: true }).filter((el) => el.getAttribute('aria-hidden') === 'true')).toHaveLength(1);
      expect(screen.getByRole('radio', { name })).toBeInTheDocument();
    }
  });

  it('with SSLCommerz on, its choice sends the shopper to pay online', async () => {
    const onConfirm = renderDialog(vi.fn(), false, true);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/Card, Nagad, Rocket or bKash/));
    expect(screen.queryByLabelText('Transaction ID')).not.toBeInTheDocument();
    expect(screen.queryByText('01755555555')).not.toBeInTheDocument();
    expect(screen.getByText(/secure page by card, internet banking or mobile wallet/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mobile Number'), '01770618575');
    await user.click(screen.getByRole('button', { name: 'Pay online' }));
    expect(onConfirm).toHaveBeenCalledWith({ method: 'sslcommerz', transaction_id: undefined, mobile: '01770618575', note: '' });
  });

  it('with Nagad’s gateway on, Nagad shows Pay with Nagad instead of the transaction id; Rocket keeps it', async () => {
    const onConfirm = renderDialog(vi.fn(), false, false, true);
    const user = userEvent.setup();
    await screen.findAllByText('01755555555');
    await user.click(screen.getByLabelText('Nagad'));
    expect(screen.queryByLabelText('Transaction ID')).not.toBeInTheDocument();
    expect(screen.getByText(/pay on Nagad's page with your Nagad account/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mobile Number'), '01770618575');
    await user.click(screen.getByRole('button', { name: 'Pay with Nagad' }));
    expect(onConfirm).toHaveBeenCalledWith({ method: 'nagad', transaction_id: undefined, mobile: '01770618575', note: '' });
    await user.click(screen.getByLabelText('Rocket'));
    expect(screen.getByLabelText('Transaction ID')).toBeInTheDocument();
  });
});
