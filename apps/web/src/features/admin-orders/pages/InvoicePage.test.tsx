import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { adminOrder } from '../test-fixtures';
import { InvoicePage } from './InvoicePage';

const order = adminOrder('o1', 'Pending', {
  product_details: [
    { _id: 'i1', product_id: 'p1', name: 'Cotton Panjabi', name_bn: 'সুতি পাঞ্জাবি', image: [], unit: '1 pc', price: 1500, discount: 0, unit_price: 1500, quantity: 1, promotion_discount: 0, variant_id: null, sku: '', options: [] },
    { _id: 'i2', product_id: 'p2', name: 'Samsung A15', name_bn: '', image: [], unit: '1 piece', price: 500, discount: 0, unit_price: 500, quantity: 2, promotion_discount: 0, variant_id: null, sku: '', options: [] },
  ],
});

describe('Invoice', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('printed in Bangla names each line as it was ordered in Bangla, else in English', async () => {
    fakeApi({
      'GET order/print': { body: envelope([order]) },
      'GET shop-info': { body: envelope({ name: 'Haat', address: 'Dhaka', phone: '01700000000', email: 'support@haat.test' }) },
    });
    await act(() => i18n.changeLanguage('bn'));
    renderPage(<InvoicePage />, { path: '/dashboard/invoice/:orderId', url: '/dashboard/invoice/o1' });
    expect(await screen.findByText('সুতি পাঞ্জাবি')).toBeInTheDocument();
    expect(screen.getByText('Samsung A15')).toBeInTheDocument();
    expect(screen.queryByText('Cotton Panjabi')).not.toBeInTheDocument();
  });
});

describe('Invoice digits (decision 0050)', () => {
  const shop = { name: 'Haat', address: 'Dhaka', phone: '01700000000', email: 'support@haat.test' };
  const printed = adminOrder('o1', 'Pending', { createdAt: '2026-11-25T10:51:00.000Z', total_amount: 1241 });

  it('printed in Bangla has every date, count and phone in Bengali digits, the amounts in bn-BD', async () => {
    fakeApi({ 'GET order/print': { body: envelope([printed]) }, 'GET shop-info': { body: envelope(shop) } });
    await act(() => i18n.changeLanguage('bn'));
    renderPage(<InvoicePage />, { path: '/dashboard/invoice/:orderId', url: '/dashboard/invoice/o1' });
    const invoice = await screen.findByRole('article');
    expect(invoice).toHaveTextContent('মোবাইল ০১৮১২৩৪৫৬৭৮');
    expect(invoice).toHaveTextContent('০১৭০০০০০০০০ · support@haat.test');
    expect(invoice).toHaveTextContent(/তারিখ ২৫ নভে, ২০২৬, \S+ (পূর্বাহ্ণ|অপরাহ্ণ)/);
    expect(invoice).toHaveTextContent('১,২৪১.০০৳');
    expect(invoice).toHaveTextContent('Samsung A15 · ১ পিস');
    // Left as typed: the order id (a code), the address and a product name the owner gave no Bangla.
    const rest = invoice.textContent!.replace(printed.orderId, '').replace('House 1, Road 2', '').replace('Samsung A15', '');
    expect(rest).not.toMatch(/[0-9]|AM|PM|Nov/);
  });

  it('printed in English has Latin digits and English month names; amounts stay bn-BD', async () => {
    fakeApi({ 'GET order/print': { body: envelope([printed]) }, 'GET shop-info': { body: envelope(shop) } });
    renderPage(<InvoicePage />, { path: '/dashboard/invoice/:orderId', url: '/dashboard/invoice/o1' });
    const invoice = await screen.findByRole('article');
    expect(invoice).toHaveTextContent('Mobile 01812345678');
    expect(invoice).toHaveTextContent(/Date 25 Nov 2026, \d\d:\d\d/);
    expect(invoice).toHaveTextContent('১,২৪১.০০৳');
  });
});
