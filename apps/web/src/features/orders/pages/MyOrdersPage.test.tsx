import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { orderFixture, variantItem } from '@/test-orders';
import { renderPage } from '@/test-utils';
import { MyOrdersPage } from './MyOrdersPage';

const lines = [
  { _id: 'i1', product_id: 'p1', name: 'Cotton Panjabi', name_bn: 'সুতির পাঞ্জাবি', image: [], unit: '1 pc', price: 1500, discount: 0, unit_price: 1500, quantity: 1, promotion_discount: 0, variant_id: null, sku: '', options: [] },
  { _id: 'i2', product_id: 'p2', name: 'Samsung A15', name_bn: '', image: [], unit: '1 piece', price: 500, discount: 0, unit_price: 500, quantity: 2, promotion_discount: 0, variant_id: null, sku: '', options: [] },
];

describe('My Orders', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names each line as it was ordered: in Bangla when the product had a Bangla name, else in English', async () => {
    fakeApi({ 'GET order/get-order': { body: envelope([orderFixture('o1', 'Pending', { product_details: lines })]) } });
    await act(() => changeLanguage('bn'));
    renderPage(<MyOrdersPage />);
    expect(await screen.findByText('সুতির পাঞ্জাবি')).toBeInTheDocument();
    expect(screen.getByText('Samsung A15')).toBeInTheDocument();
    expect(screen.queryByText('Cotton Panjabi')).not.toBeInTheDocument();
  });

  it('names an exchange’s replacement order as the exchange it is, in English and Bangla (issue 42)', async () => {
    fakeApi({ 'GET order/get-order': { body: envelope([orderFixture('o2', 'Pending', { orderId: 'HT-NEW', source: 'exchange', exchange_for: 'HT-FIRST' }), orderFixture('o1', 'Return', { orderId: 'HT-FIRST' })]) } });
    renderPage(<MyOrdersPage />);
    const [replacement, first] = await screen.findAllByTestId('my-order');
    expect(within(replacement!).getByTestId('exchange-badge')).toHaveTextContent('Exchange for order HT-FIRST');
    expect(within(first!).queryByTestId('exchange-badge')).toBeNull();
    await act(() => changeLanguage('bn'));
    expect(await within(replacement!).findByText('অর্ডার HT-FIRST-এর বদল')).toBeInTheDocument();
  });

  it('in English shows the English names', async () => {
    fakeApi({ 'GET order/get-order': { body: envelope([orderFixture('o1', 'Pending', { product_details: lines })]) } });
    renderPage(<MyOrdersPage />);
    expect(await screen.findByText('Cotton Panjabi')).toBeInTheDocument();
    expect(screen.queryByText('সুতির পাঞ্জাবি')).not.toBeInTheDocument();
  });

  it('shows how each order is paid beside its status: paid with the trxID, refunded, unpaid, cash on delivery', async () => {
    fakeApi({
      'GET order/get-order': {
        body: envelope([
          orderFixture('o1', 'Pending', { orderId: 'HT-PAID', payment_status: 'bkash', paid: true, trx_id: 'BKX7Q2' }),
          orderFixture('o2', 'Cancel', { orderId: 'HT-REFUND', payment_status: 'bkash', paid: true, trx_id: 'BKX7Q3', refund_trx_id: 'RFD901' }),
          orderFixture('o3', 'Cancel', { orderId: 'HT-UNPAID', payment_status: 'bkash' }),
          orderFixture('o4', 'Pending', { orderId: 'HT-COD' }),
          orderFixture('o5', 'Pending', { orderId: 'HT-NAGAD', payment_status: 'nagad', transaction_id: 'NG55' }),
        ]),
      },
    });
    renderPage(<MyOrdersPage />);
    const cards = await screen.findAllByTestId('my-order');
    const states = cards.map((card) => [within(card).getByText(/^Order /).textContent, within(card).getByTestId('payment-state').textContent]);
    expect(states).toEqual([
      ['Order HT-PAID', 'Paid · trxID BKX7Q2'],
      ['Order HT-REFUND', 'Refunded · trxID RFD901'],
      ['Order HT-UNPAID', 'Unpaid'],
      ['Order HT-COD', 'Cash on delivery'],
      ['Order HT-NAGAD', 'Payment not confirmed yet · trxID NG55'],
    ]);
    expect(within(cards[0]!).getByText('Pending')).toBeInTheDocument();
  });

  it('in Bangla', async () => {
    fakeApi({ 'GET order/get-order': { body: envelope([orderFixture('o1', 'Pending', { payment_status: 'bkash', paid: true, trx_id: 'BKX7Q2' })]) } });
    await act(() => changeLanguage('bn'));
    renderPage(<MyOrdersPage />);
    expect(await screen.findByTestId('payment-state')).toHaveTextContent('পরিশোধিত · ট্রানজেকশন আইডি BKX7Q2');
  });
});

describe('My Orders of variants (issue 21)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the chosen options under the item, in the current language', async () => {
    fakeApi({ 'GET order/get-order': { body: envelope([orderFixture('o1', 'Pending', { product_details: [variantItem(), lines[1]!] })]) } });
    renderPage(<MyOrdersPage />);
    expect(await screen.findByText('Size: L, Colour: Red')).toBeInTheDocument();
    expect(screen.getAllByTestId('chosen-options')).toHaveLength(1);
    await act(() => changeLanguage('bn'));
    expect(await screen.findByText('সাইজ: L, রং: লাল')).toBeInTheDocument();
  });
});
