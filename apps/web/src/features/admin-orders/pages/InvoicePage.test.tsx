import { act, screen, within } from '@testing-library/react';
import { formatTaka } from '@haat/shared/money';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
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
    await act(() => changeLanguage('bn'));
    renderPage(<InvoicePage />, { path: '/dashboard/invoice/:orderId', url: '/dashboard/invoice/o1' });
    expect(await screen.findByText('সুতি পাঞ্জাবি')).toBeInTheDocument();
    expect(screen.getByText('Samsung A15')).toBeInTheDocument();
    expect(screen.queryByText('Cotton Panjabi')).not.toBeInTheDocument();
  });
});

describe('Invoice of an exchange (issue 42)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the replacement order as the exchange it is, in the page’s language', async () => {
    fakeApi({
      'GET order/print': { body: envelope([adminOrder('o1', 'Pending', { source: 'exchange', exchange_for: 'HT-20261120-AB12CD' })]) },
      'GET shop-info': { body: envelope({ name: 'Haat', address: 'Dhaka', phone: '01700000000', email: 'support@haat.test' }) },
    });
    renderPage(<InvoicePage />, { path: '/dashboard/invoice/:orderId', url: '/dashboard/invoice/o1' });
    expect(await screen.findByTestId('exchange-badge')).toHaveTextContent('Exchange for order HT-20261120-AB12CD');
    await act(() => changeLanguage('bn'));
    expect(await screen.findByText('অর্ডার HT-20261120-AB12CD-এর বদল')).toBeInTheDocument();
  });
});

describe('Invoice digits (decision 0050)', () => {
  const shop = { name: 'Haat', address: 'Dhaka', phone: '01700000000', email: 'support@haat.test' };
  const printed = adminOrder('o1', 'Pending', { createdAt: '2026-11-25T10:51:00.000Z', total_amount: 1241 });

  it('printed in Bangla has every date, count and phone in Bengali digits, the amounts in bn-BD', async () => {
    fakeApi({ 'GET order/print': { body: envelope([printed]) }, 'GET shop-info': { body: envelope(shop) } });
    await act(() => changeLanguage('bn'));
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

describe('the VAT invoice (Mushak-6.3; issue 27, decision 0077)', () => {
  const business = { tradeLicence: 'TRAD/DNCC/012345/2026', dbid: 'DBID-123456789', bin: '0001234560101', address: 'House 7, Road 3, Banani, Dhaka', addressBn: 'বাড়ি ৭, সড়ক ৩, বনানী, ঢাকা', vatRate: 15 };
  const shop = { name: 'Haat', address: 'Dhaka', phone: '01700000000', email: 'support@haat.test', business };
  // 1 × 1150 and 2 × 575 less a 100-taka promotion, and 60 delivery: 2260 in all.
  const vatOrder = adminOrder('o1', 'Pending', {
    createdAt: '2026-11-25T10:51:00.000Z',
    subTotal_amount: 2300,
    discount_total: 100,
    delivery_fee: 60,
    total_amount: 2260,
    customer_name: 'Karim Ahmed',
    product_details: [
      { _id: 'i1', product_id: 'p1', name: 'Cotton Panjabi', name_bn: 'সুতি পাঞ্জাবি', image: [], unit: '1 pc', price: 1150, discount: 0, unit_price: 1150, quantity: 1, promotion_discount: 100, variant_id: null, sku: '', options: [] },
      { _id: 'i2', product_id: 'p2', name: 'Tea Mug', name_bn: '', image: [], unit: '', price: 575, discount: 0, unit_price: 575, quantity: 2, promotion_discount: 0, variant_id: null, sku: '', options: [] },
    ],
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });
  const open = () => {
    fakeApi({ 'GET order/print': { body: envelope([vatOrder]) }, 'GET shop-info': { body: envelope(shop) } });
    renderPage(<InvoicePage />, { path: '/dashboard/invoice/:orderId', url: '/dashboard/invoice/o1' });
  };
  const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

  it('names the seller with BIN and address, the buyer, the invoice number and time, and per line the form’s columns with VAT taken out at 15%', async () => {
    open();
    const invoice = await screen.findByRole('article', { name: `VAT invoice ${vatOrder.orderId}` });
    expect(invoice).toHaveTextContent('Mushak-6.3');
    expect(invoice).toHaveTextContent('Tax Invoice');
    expect(invoice).toHaveTextContent('BIN of registered person:0001234560101');
    expect(invoice).toHaveTextContent('Address of invoice issuing:House 7, Road 3, Banani, Dhaka');
    expect(invoice).toHaveTextContent('Name of buyer:Karim Ahmed');
    expect(invoice).toHaveTextContent(`Invoice no.:${vatOrder.orderId}`);
    // 10:51 UTC is 16:51 in Dhaka.
    expect(invoice).toHaveTextContent('Date of issue:25 Nov 2026');
    expect(invoice).toHaveTextContent('Time of issue:16:51');
    for (const head of ['Description of goods or services (with brand name, if any)', 'Quantity', 'Unit price¹ (Tk)', 'Total price¹ (Tk)', 'Rate of supplementary duty', 'Amount of supplementary duty (Tk)', 'Rate of VAT / specific tax', 'Amount of VAT / specific tax (Tk)', 'Value including all duties and taxes (Tk)']) {
      expect(within(invoice).getByRole('columnheader', { name: head })).toBeInTheDocument();
    }
    const rows = within(invoice).getAllByRole('row');
    // The panjabi: 1050 charged (1150 less its 100 of the promotion) = 913.04 + 136.96 VAT.
    expect(cells(rows.find((r) => r.textContent!.includes('Cotton Panjabi'))!)).toEqual(['1', 'Cotton Panjabi', '1 pc', '1', formatTaka(913.04), formatTaka(913.04), '0%', formatTaka(0), '15%', formatTaka(136.96), formatTaka(1050)]);
    expect(cells(rows.find((r) => r.textContent!.includes('Tea Mug'))!)).toEqual(['2', 'Tea Mug', 'pcs', '2', formatTaka(500), formatTaka(1000), '0%', formatTaka(0), '15%', formatTaka(150), formatTaka(1150)]);
    expect(cells(rows.find((r) => r.textContent!.includes('Delivery charge'))!)).toEqual(['3', 'Delivery charge (service)', 'service', '1', formatTaka(52.17), formatTaka(52.17), '0%', formatTaka(0), '15%', formatTaka(7.83), formatTaka(60)]);
    expect(screen.getByTestId('mushak-vat-total')).toHaveTextContent(formatTaka(294.79));
    expect(screen.getByTestId('mushak-grand-total')).toHaveTextContent(formatTaka(2260));
  });

  it('is in Bangla with Bengali digits and the Bangla address; the BIN keeps the digits it was typed with (issue 42)', async () => {
    await act(() => changeLanguage('bn'));
    open();
    const invoice = await screen.findByRole('article', { name: `ভ্যাট চালানপত্র ${vatOrder.orderId}` });
    expect(invoice).toHaveTextContent('মূসক-৬.৩');
    expect(invoice).toHaveTextContent('নিবন্ধিত ব্যক্তির বিআইএন:0001234560101');
    expect(invoice).toHaveTextContent('চালানপত্র ইস্যুর ঠিকানা:বাড়ি ৭, সড়ক ৩, বনানী, ঢাকা');
    expect(invoice).toHaveTextContent('ইস্যুর সময়:১৬:৫১');
    expect(within(invoice).getByText('সুতি পাঞ্জাবি')).toBeInTheDocument();
    expect(screen.getByTestId('mushak-grand-total')).toHaveTextContent(formatTaka(2260));
  });

  it('without a BIN prints the plain invoice, with the trade licence and DBID under the shop', async () => {
    fakeApi({ 'GET order/print': { body: envelope([vatOrder]) }, 'GET shop-info': { body: envelope({ ...shop, business: { ...business, bin: '' } }) } });
    renderPage(<InvoicePage />, { path: '/dashboard/invoice/:orderId', url: '/dashboard/invoice/o1' });
    const invoice = await screen.findByRole('article', { name: `Invoice ${vatOrder.orderId}` });
    expect(invoice).toHaveTextContent('Trade licence TRAD/DNCC/012345/2026 · DBID DBID-123456789');
    expect(invoice).toHaveTextContent('House 7, Road 3, Banani, Dhaka');
    expect(invoice).not.toHaveTextContent('Mushak');
  });

  it('in Bangla names the buyer’s mobile in Bengali digits, and the trade licence and DBID as typed (issue 42)', async () => {
    await act(() => changeLanguage('bn'));
    fakeApi({ 'GET order/print': { body: envelope([vatOrder]) }, 'GET shop-info': { body: envelope({ ...shop, business: { ...business, bin: '' } }) } });
    renderPage(<InvoicePage />, { path: '/dashboard/invoice/:orderId', url: '/dashboard/invoice/o1' });
    const invoice = await screen.findByRole('article', { name: `ইনভয়েস ${vatOrder.orderId}` });
    expect(invoice).toHaveTextContent('TRAD/DNCC/012345/2026');
    expect(invoice).toHaveTextContent('DBID-123456789');
    expect(invoice).not.toHaveTextContent('০১২৩৪৫');
    // The buyer's mobile (01812345678, the fixture's) in the page's digits.
    expect(invoice).toHaveTextContent('মোবাইল ০১৮১২৩৪৫৬৭৮');
    expect(invoice).not.toHaveTextContent('01812345678');
  });
});
