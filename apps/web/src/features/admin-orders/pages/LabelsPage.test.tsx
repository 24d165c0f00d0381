import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTaka } from '@haat/shared/money';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { adminOrder } from '../test-fixtures';
import { LabelsPage } from './LabelsPage';

const cod = adminOrder('o1', 'Pending', { orderId: 'HT-COD' });
const paid = adminOrder('o2', 'Pending', {
  orderId: 'HT-PAID',
  payment_status: 'bkash',
  paid: true,
  trx_id: 'TRX123',
  customer_name: 'Rahim Uddin',
  guest_user_delivery_address: { name: 'Rahim Uddin', address_line: 'House 1, Road 2', city: 'Dhaka', mobile: '01812345678' },
});

function openLabels() {
  fakeApi({
    'GET order/print': { body: envelope([cod, paid]) },
    'GET shop-info': { body: envelope({ name: 'Haat', address: 'Dhaka', phone: '01700000000', email: 'support@haat.test' }) },
  });
  renderPage(<LabelsPage />, { path: '/dashboard/labels', url: '/dashboard/labels?ids=o1,o2' });
}

describe('Labels', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLanguage('en'));
  });

  it('a paid order says the rider collects nothing, in words; a cash-on-delivery order shows the amount to collect', async () => {
    openLabels();
    const paidLabel = await screen.findByRole('article', { name: 'Label HT-PAID' });
    expect(within(paidLabel).getByText('Paid, collect nothing')).toBeInTheDocument();
    expect(paidLabel).not.toHaveTextContent(formatTaka(0));
    const codLabel = screen.getByRole('article', { name: 'Label HT-COD' });
    expect(within(codLabel).getByText('Collect (COD)')).toBeInTheDocument();
    expect(codLabel).toHaveTextContent(formatTaka(1060));
  });

  it("is addressed to the recipient named at checkout; an order without a name reads 'Customer'", async () => {
    openLabels();
    expect(within(await screen.findByRole('article', { name: 'Label HT-PAID' })).getByText('Rahim Uddin')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Label HT-COD' })).getByText('Customer')).toBeInTheDocument();
  });

  it('says it in Bangla too', async () => {
    await act(() => changeLanguage('bn'));
    openLabels();
    const paidLabel = await screen.findByRole('article', { name: 'লেবেল HT-PAID' });
    expect(within(paidLabel).getByText('পরিশোধিত, কিছু আদায় করবেন না')).toBeInTheDocument();
  });
});

const order = adminOrder('o1', 'Pending', { total_amount: 1241 });
const shop = { name: 'Haat', address: 'Dhaka', phone: '01700000000', email: 'support@haat.test' };

function printLabel() {
  fakeApi({ 'GET order/print': { body: envelope([order]) }, 'GET shop-info': { body: envelope(shop) } });
  renderPage(<LabelsPage />, { path: '/dashboard/labels', url: '/dashboard/labels?ids=o1' });
}

describe('shipping labels: one digit rule (decision 0050)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('printed in Bangla has the phone numbers in Bengali digits, like the amount', async () => {
    await act(() => changeLanguage('bn'));
    printLabel();
    const label = await screen.findByRole('article', { name: `লেবেল ${order.orderId}` });
    expect(label).toHaveTextContent('০১৮১২৩৪৫৬৭৮');
    expect(label).toHaveTextContent('১,২৪১.০০৳');
    expect(label).toHaveTextContent('প্রেরক Haat · ০১৭০০০০০০০০');
    expect(screen.getByRole('region', { name: 'লেবেল শিট ১' })).toBeInTheDocument();
  });

  it('printed in English has Latin phone numbers; the amount stays bn-BD (the spec)', async () => {
    printLabel();
    const label = await screen.findByRole('article', { name: `Label ${order.orderId}` });
    expect(label).toHaveTextContent('01812345678');
    expect(label).toHaveTextContent('১,২৪১.০০৳');
    expect(label).toHaveTextContent('From Haat · 01700000000');
  });
});
