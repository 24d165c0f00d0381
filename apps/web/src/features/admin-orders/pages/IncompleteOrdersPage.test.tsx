import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTaka } from '@haat/shared/money';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { changeLanguage } from '@/i18n';
import { AllOrdersPage } from './AllOrdersPage';
import { IncompleteOrdersPage } from './IncompleteOrdersPage';
import { adminOrder, orderList } from '../test-fixtures';

/** Issue 26 on the owner's pages: incomplete orders turned into phone orders, and the duplicate badge. */
const entry = {
  _id: 'ic1',
  mobile: '01912345678',
  name: '',
  address_line: '',
  city: '',
  cod_block: null as { reason: string } | null,
  lang: 'bn',
  lines: [{ product_id: 'p1', name: 'Jamdani Saree', name_bn: 'জামদানি শাড়ি', unit_price: 4500, quantity: 2, variant_id: '', options: [] }],
  subtotal: 9000,
  updatedAt: '2026-11-28T10:00:00.000Z',
};

describe('Incomplete orders', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the mobile, cart and language, and places the phone order in one step', async () => {
    let entries = [entry];
    const api = fakeApi({
      'GET order/incomplete': () => ({ body: envelope(entries) }),
      'POST order/incomplete/ic1/place': () => {
        entries = [];
        return { status: 201, body: envelope({ ...adminOrder('n1', 'Pending'), orderId: 'HT-20261128-ABCDEF' }, 'Order placed successfully.') };
      },
    });
    const user = userEvent.setup();
    renderPage(<IncompleteOrdersPage />);
    const card = await screen.findByRole('article', { name: '01912345678' });
    expect(within(card).getByRole('link', { name: '01912345678' })).toHaveAttribute('href', 'tel:01912345678');
    expect(card).toHaveTextContent('Language: Bangla');
    expect(card).toHaveTextContent('Jamdani Saree');
    expect(card).toHaveTextContent(`Cart: ${formatTaka(9000)}`);

    await user.click(within(card).getByRole('button', { name: 'Make phone order' }));
    await user.type(within(card).getByLabelText("Buyer's name"), 'Karim');
    await user.type(within(card).getByLabelText('Address'), 'Zindabazar');
    await user.type(within(card).getByLabelText('City'), 'Sylhet');
    await user.click(within(card).getByRole('button', { name: 'Place phone order' }));
    expect(await screen.findByText('Order HT-20261128-ABCDEF placed.')).toBeInTheDocument();
    expect(api.sent('POST', 'order/incomplete/ic1/place')[0]!.body).toEqual({ customer: { name: 'Karim', address_line: 'Zindabazar', city: 'Sylhet' }, method: 'CASH-ON-DELIVERY' });
    await waitFor(() => expect(screen.getByText('No incomplete orders.')).toBeInTheDocument());
  });

  it('opens "Make phone order" filled in with what the shopper typed, and places it as confirmed (issue 42)', async () => {
    const typed = { ...entry, name: 'Karim Uddin', address_line: 'House 4, Road 2, Zindabazar', city: 'Sylhet' };
    const api = fakeApi({
      'GET order/incomplete': { body: envelope([typed]) },
      'POST order/incomplete/ic1/place': { status: 201, body: envelope({ ...adminOrder('n1', 'Pending'), orderId: 'HT-20261128-ABCDEF' }, 'Order placed successfully.') },
    });
    const user = userEvent.setup();
    renderPage(<IncompleteOrdersPage />);
    const card = await screen.findByRole('article', { name: '01912345678' });
    // Who it is for, on the card before the call.
    expect(within(card).getByTestId('incomplete-recipient')).toHaveTextContent('Karim Uddin, House 4, Road 2, Zindabazar, Sylhet');
    expect(within(card).queryByTestId('cod-blocked')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Make phone order' }));
    expect(within(card).getByLabelText("Buyer's name")).toHaveValue('Karim Uddin');
    expect(within(card).getByLabelText('Address')).toHaveValue('House 4, Road 2, Zindabazar');
    expect(within(card).getByLabelText('City')).toHaveValue('Sylhet');
    expect(within(card).queryByRole('alert')).toBeNull();
    // The owner corrects the city on the phone; nothing else is typed again.
    await user.clear(within(card).getByLabelText('City'));
    await user.type(within(card).getByLabelText('City'), 'Sylhet Sadar');
    await user.click(within(card).getByRole('button', { name: 'Place phone order' }));
    expect(await screen.findByText('Order HT-20261128-ABCDEF placed.')).toBeInTheDocument();
    expect(api.sent('POST', 'order/incomplete/ic1/place')[0]!.body).toEqual({ customer: { name: 'Karim Uddin', address_line: 'House 4, Road 2, Zindabazar', city: 'Sylhet Sadar' }, method: 'CASH-ON-DELIVERY' });
  });

  it('warns on the card and in the phone-order form when the mobile is blocked from cash on delivery (issue 42)', async () => {
    fakeApi({ 'GET order/incomplete': { body: envelope([{ ...entry, name: 'Karim Uddin', cod_block: { reason: 'Refused 3 parcels' } }, { ...entry, _id: 'ic2', mobile: '01812345678' }]) } });
    const user = userEvent.setup();
    renderPage(<IncompleteOrdersPage />);
    const card = await screen.findByRole('article', { name: '01912345678' });
    expect(within(card).getByTestId('cod-blocked')).toHaveTextContent('This mobile is blocked from cash on delivery: Refused 3 parcels');
    expect(within(screen.getByRole('article', { name: '01812345678' })).queryByTestId('cod-blocked')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Make phone order' }));
    const warning = within(card).getByRole('alert');
    expect(warning).toHaveTextContent('This phone order is cash on delivery, which this mobile is blocked from');
    expect(within(warning).getByRole('link', { name: 'New order' })).toHaveAttribute('href', '/dashboard/new-order');
  });

  it('says the same in Bangla: the typed name and address filled in, the block warned (issue 42)', async () => {
    fakeApi({ 'GET order/incomplete': { body: envelope([{ ...entry, name: 'করিম উদ্দিন', address_line: 'বাড়ি ৪, রোড ২, জিন্দাবাজার', city: 'সিলেট', cod_block: { reason: 'তিনটি পার্সেল ফেরত' } }]) } });
    await changeLanguage('bn');
    const user = userEvent.setup();
    renderPage(<IncompleteOrdersPage />);
    const card = await screen.findByRole('article', { name: '01912345678' });
    expect(within(card).getByTestId('incomplete-recipient')).toHaveTextContent('করিম উদ্দিন, বাড়ি ৪, রোড ২, জিন্দাবাজার, সিলেট');
    expect(within(card).getByTestId('cod-blocked')).toHaveTextContent('এই মোবাইল নম্বরে ক্যাশ অন ডেলিভারি বন্ধ: তিনটি পার্সেল ফেরত');
    await user.click(within(card).getByRole('button', { name: 'ফোন অর্ডার করুন' }));
    expect(within(card).getByLabelText('ক্রেতার নাম')).toHaveValue('করিম উদ্দিন');
    expect(within(card).getByLabelText('ঠিকানা')).toHaveValue('বাড়ি ৪, রোড ২, জিন্দাবাজার');
    expect(within(card).getByLabelText('শহর')).toHaveValue('সিলেট');
    const warning = within(card).getByRole('alert');
    expect(warning).toHaveTextContent('এই ফোন অর্ডার ক্যাশ অন ডেলিভারি, যা এই মোবাইলে বন্ধ');
    expect(within(warning).getByRole('link', { name: 'নতুন অর্ডার' })).toHaveAttribute('href', '/dashboard/new-order');
  });

  it('pages a long list: 20 a page, Next and Prev ask the server for the page (issue 41)', async () => {
    const page = (n: number) => Array.from({ length: n === 1 ? 20 : 5 }, (_, i) => ({ ...entry, _id: `ic${n}-${i}`, mobile: `0191${n}${String(1000000 + i).slice(1)}` }));
    const api = fakeApi({
      'GET order/incomplete': (call) => {
        const n = Number(new URL(call.path, 'http://x').searchParams.get('page') ?? 1);
        return { body: { ...envelope(page(n)), totalPages: 2, totalCount: 25, pagination: { page: n, pageSize: 20, totalPages: 2, totalCount: 25 } } };
      },
    });
    const user = userEvent.setup();
    renderPage(<IncompleteOrdersPage />);
    await screen.findByRole('article', { name: '01911000000' });
    expect(screen.getAllByRole('article')).toHaveLength(20);
    const pages = screen.getByRole('navigation', { name: 'Incomplete order pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    expect(within(pages).getByRole('button', { name: 'Prev' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await screen.findByRole('article', { name: '01912000000' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    expect(pages).toHaveTextContent('Page 2 of 2');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(api.sent('GET', 'order/incomplete').map((c) => c.path)).toEqual(['order/incomplete?page=1', 'order/incomplete?page=2']);
  });

  it('flags a possible duplicate on the order card, in Bangla too', async () => {
    fakeApi({ 'GET order/get-all-order': orderList([adminOrder('a', 'Pending', { duplicate_of: 'ORD-b' }), adminOrder('b', 'Pending', { duplicate_of: null })]) });
    renderPage(<AllOrdersPage />);
    const a = await screen.findByRole('article', { name: 'Order ORD-a' });
    expect(within(a).getByTestId('duplicate-badge')).toHaveTextContent('Possible duplicate of ORD-b');
    expect(within(screen.getByRole('article', { name: 'Order ORD-b' })).queryByTestId('duplicate-badge')).toBeNull();
    await changeLanguage('bn');
    expect(await within(a).findByTestId('duplicate-badge')).toHaveTextContent('ORD-b অর্ডারের সম্ভাব্য পুনরাবৃত্তি');
  });
});
