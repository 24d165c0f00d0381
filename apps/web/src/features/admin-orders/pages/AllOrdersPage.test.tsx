import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderStatus } from '@haat/shared/constants';
import { formatTaka } from '@haat/shared/money';
import { envelope, failure, fakeApi, type Call } from '@/test-api';
import { renderPage, userOf as staffUser } from '@/test-utils';
import { changeLanguage } from '@/i18n';
import { ACCESS_TOKEN_KEY } from '@haat/shared/constants';
import { AllOrdersPage } from './AllOrdersPage';
import { adminOrder, orderList } from '../test-fixtures';

const order = adminOrder;
const list = orderList;

describe('All Orders', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    localStorage.clear();
  });

  it('shows the card fields; Delete only for Received, Cancel and Return', async () => {
    fakeApi({
      'GET order/get-all-order': list([
        order('a', 'Pending', { note: 'Ring twice', delivery_address: { address_line: 'Flat 3, Gulshan', city: 'Dhaka', mobile: '01911111111' } }),
        order('b', 'Received', { payment_status: 'bkash' }),
        order('c', 'Delivered'),
        order('d', 'Cancel'),
        order('e', 'Return'),
      ]),
    });
    renderPage(<AllOrdersPage />, { signedInAs: 'ADMIN' });
    const a = await screen.findByRole('article', { name: 'Order ORD-a' });
    expect(a).toHaveTextContent('Cash On Delivery');
    expect(a).toHaveTextContent('01712345678');
    expect(a).toHaveTextContent(formatTaka(1060));
    expect(a).toHaveTextContent('Samsung A15');
    expect(a).toHaveTextContent('Flat 3, Gulshan, Dhaka'); // the saved address wins over the guest's
    expect(a).toHaveTextContent('Ring twice');
    expect(screen.getByRole('article', { name: 'Order ORD-c' })).toHaveTextContent('House 1, Road 2, Dhaka');
    expect(screen.getByRole('article', { name: 'Order ORD-b' })).toHaveTextContent('Bkash');
    const withDelete = screen.getAllByTestId('order-card').filter((card) => within(card).queryByRole('button', { name: 'Delete' }));
    expect(withDelete.map((c) => c.getAttribute('aria-label'))).toEqual(['Order ORD-b', 'Order ORD-d', 'Order ORD-e']);
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('speaks Bangla after the language is switched (issue 14)', async () => {
    fakeApi({ 'GET order/get-all-order': list([order('a', 'Received', { payment_status: 'bkash' })]) });
    await changeLanguage('bn');
    renderPage(<AllOrdersPage />, { signedInAs: 'ADMIN' });
    const card = await screen.findByRole('article', { name: 'অর্ডার ORD-a' });
    expect(screen.getByRole('heading', { name: 'সব অর্ডার' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'নতুন অর্ডার' })).toBeInTheDocument();
    const filters = screen.getByRole('group', { name: 'অবস্থা অনুযায়ী বাছাই' });
    expect(within(filters).getAllByRole('button').map((b) => b.textContent)).toEqual(['সব', 'অপেক্ষমাণ', 'ডেলিভারি হয়েছে', 'বাতিল', 'গৃহীত', 'ফেরত']);
    // The status keeps its value; only the words change.
    expect(within(card).getByRole('combobox', { name: 'ORD-a-এর অবস্থা' })).toHaveDisplayValue('গৃহীত');
    expect(card).toHaveTextContent('পেমেন্ট পদ্ধতি');
    expect(card).toHaveTextContent('বিকাশ');
    expect(card).toHaveTextContent('অপরিশোধিত');
    expect(within(card).getByRole('button', { name: 'মুছুন' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'ইনভয়েস' })).toHaveAttribute('href', '/dashboard/invoice/a');
    expect(screen.getByText('পৃষ্ঠা ১ / ১')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('All Orders');
  });

  it('says a free delivery in the page’s language (issue 42)', async () => {
    fakeApi({ 'GET order/get-all-order': list([order('r', 'Pending', { delivery_fee: 0, total_amount: 1000 })]) });
    renderPage(<AllOrdersPage />);
    expect(await screen.findByRole('article', { name: 'Order ORD-r' })).toHaveTextContent('DeliveryFree');
    await act(() => changeLanguage('bn'));
    const cardBn = await screen.findByRole('article', { name: 'অর্ডার ORD-r' });
    expect(cardBn).toHaveTextContent('ডেলিভারিফ্রি');
    expect(cardBn).not.toHaveTextContent('Free');
  });

  it('names an exchange’s replacement order as the exchange it is, never a phone order, in English and Bangla (issue 42)', async () => {
    const replacement = order('x', 'Pending', { source: 'exchange', exchange_for: 'HT-20261120-AB12CD', customer_name: 'Tania Akter', promotions: [{ name: 'Exchange credit', name_bn: 'বদলের জমা', code: null, kind: 'fixed', saving: 1000 }], discount_total: 1000 });
    fakeApi({ 'GET order/get-all-order': list([replacement, order('p', 'Pending', { source: 'admin', customer_name: 'Rahima Khatun' })]) });
    renderPage(<AllOrdersPage />);
    const card = await screen.findByRole('article', { name: 'Order ORD-x' });
    expect(within(card).getByTestId('exchange-badge')).toHaveTextContent('Exchange for order HT-20261120-AB12CD');
    expect(card).not.toHaveTextContent('Phone order');
    // A phone order keeps its mark and has no exchange badge.
    const phone = screen.getByRole('article', { name: 'Order ORD-p' });
    expect(phone).toHaveTextContent('Phone order · Rahima Khatun');
    expect(within(phone).queryByTestId('exchange-badge')).toBeNull();
    await act(() => changeLanguage('bn'));
    expect(await within(screen.getByRole('article', { name: 'অর্ডার ORD-x' })).findByTestId('exchange-badge')).toHaveTextContent('অর্ডার HT-20261120-AB12CD-এর বদল');
    expect(screen.getByRole('article', { name: 'অর্ডার ORD-x' })).not.toHaveTextContent('ফোন অর্ডার');
    expect(screen.getByRole('article', { name: 'অর্ডার ORD-x' })).toHaveTextContent('বদলের জমা');
  });

  it('marks phone orders, links each card to its invoice and label, and prints the selected orders together', async () => {
    fakeApi({ 'GET order/get-all-order': list([order('a', 'Pending', { source: 'admin', customer_name: 'Rahima Khatun' }), order('b', 'Pending'), order('c', 'Pending')]) });
    const user = userEvent.setup();
    renderPage(<AllOrdersPage />, { signedInAs: 'ADMIN' });
    const a = await screen.findByRole('article', { name: 'Order ORD-a' });
    expect(a).toHaveTextContent('Phone order · Rahima Khatun');
    expect(screen.getByRole('article', { name: 'Order ORD-b' })).not.toHaveTextContent('Phone order');
    expect(within(a).getByRole('link', { name: 'Invoice' })).toHaveAttribute('href', '/dashboard/invoice/a');
    expect(within(a).getByRole('link', { name: 'Label' })).toHaveAttribute('href', '/dashboard/labels?ids=a');
    expect(screen.queryByRole('toolbar', { name: 'Selected orders' })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Select ORD-c'));
    await user.click(screen.getByLabelText('Select ORD-a'));
    const bar = screen.getByRole('toolbar', { name: 'Selected orders' });
    expect(bar).toHaveTextContent('2 selected');
    expect(within(bar).getByRole('link', { name: 'Print invoices' })).toHaveAttribute('href', '/dashboard/invoice/c,a');
    expect(within(bar).getByRole('link', { name: 'Print labels' })).toHaveAttribute('href', '/dashboard/labels?ids=c,a');
    await user.click(within(bar).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('toolbar', { name: 'Selected orders' })).not.toBeInTheDocument();
  });

  it('changes the status only when the server reports success', async () => {
    let fail = true;
    const api = fakeApi({
      'GET order/get-all-order': list([order('a', 'Pending')]),
      'PATCH order/update-status/a': (call: Call) =>
        fail ? { status: 500, body: failure('Something went wrong.') } : { body: envelope(order('a', (call.body as { status: OrderStatus }).status), 'Status updated successfully') },
    });
    const user = userEvent.setup();
    renderPage(<AllOrdersPage />, { signedInAs: 'ADMIN' });
    const select = await screen.findByLabelText('Status of ORD-a');
    await user.selectOptions(select, 'Delivered');
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    expect(select).toHaveValue('Pending');
    fail = false;
    await user.selectOptions(select, 'Delivered');
    expect(await screen.findByText('Status updated successfully')).toBeInTheDocument();
    expect(select).toHaveValue('Delivered');
    expect(api.sent('PATCH', 'order/update-status/a').map((c) => c.body)).toEqual([{ status: 'Delivered' }, { status: 'Delivered' }]);
  });

  it('a filter resets to page 1 and is sent as status (omitted for All); Prev/Next page through', async () => {
    const api = fakeApi({ 'GET order/get-all-order': (call: Call) => list([order(call.path.includes('status=Cancel') ? 'x' : 'y', 'Cancel')], 3) });
    const user = userEvent.setup();
    renderPage(<AllOrdersPage />, { signedInAs: 'ADMIN' });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Order ORD-x' })).toBeInTheDocument();
    expect(api.sent('GET', 'order/get-all-order').map((c) => c.path)).toEqual([
      'order/get-all-order?page=1',
      'order/get-all-order?page=2',
      'order/get-all-order?page=1&status=Cancel',
    ]);
  });

  it("deletes after the confirmation with 'Order deleted'; an empty list says so", async () => {
    let orders = [order('d', 'Cancel')];
    const api = fakeApi({
      'GET order/get-all-order': () => list(orders),
      'DELETE order/d': () => {
        orders = [];
        return { body: envelope(null, 'Order deleted') };
      },
    });
    const user = userEvent.setup();
    renderPage(<AllOrdersPage />, { signedInAs: 'ADMIN' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Confirmation' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Order deleted')).toBeInTheDocument();
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(api.sent('DELETE', 'order/d')).toHaveLength(1);
  });

  it('shows Paid with the trxID or Unpaid; a paid bKash order in Cancel offers Refund, which asks a reason', async () => {
    const paid = { payment_status: 'bkash', paid: true, trx_id: 'TRX0000042' };
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a');
    const api = fakeApi({
      'GET user/get-user': { body: envelope(staffUser('ADMIN')) },
      'GET order/get-all-order': list([order('p', 'Pending', paid), order('u', 'Pending'), order('r', 'Cancel', paid)]),
      'POST order/r/refund': (call: Call) => ({ body: envelope(order('r', 'Cancel', { ...paid, refund_trx_id: 'RFD0000043' }), 'Refund completed', { sent: call.body }) }),
    });
    const user = userEvent.setup();
    renderPage(<AllOrdersPage />);
    const p = await screen.findByRole('article', { name: 'Order ORD-p' });
    expect(within(p).getByTestId('payment-badge')).toHaveTextContent('Paid');
    expect(p).toHaveTextContent('trxID TRX0000042');
    expect(within(screen.getByRole('article', { name: 'Order ORD-u' })).getByTestId('payment-badge')).toHaveTextContent('Unpaid');
    // Refund only where the money can go back: paid and moved to Cancel or Return.
    expect(within(p).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    const r = screen.getByRole('article', { name: 'Order ORD-r' });
    await user.click(await within(r).findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund ORD-r' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('Please give a reason for the refund.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Out of stock');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund completed')).toBeInTheDocument();
    expect(api.sent('POST', 'order/r/refund').map((c) => c.body)).toEqual([{ reason: 'Out of stock' }]);
    expect(within(r).getByTestId('payment-badge')).toHaveTextContent('Refunded');
    expect(r).toHaveTextContent('refund RFD0000043');
    expect(within(r).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('a Nagad-prepaid order cancelled as cannot be supplied shows its refund due, late once past, and the owner records it sent by hand (decision 0081)', async () => {
    // The clock a day before the refund's due time (2 Dec 2026, 10:00 Dhaka), whatever today is.
    vi.setSystemTime(new Date('2026-12-01T04:00:00.000Z'));
    const nagad = { payment_status: 'nagad', transaction_id: 'NG7K2A9QX', total_amount: 650 };
    const owed = { _id: 'rf1', method: 'nagad' as const, amount: 650, state: 'due' as const, due_at: '2026-12-02T04:00:00.000Z', reason: 'Cannot be supplied' };
    const late = { ...owed, _id: 'rf2', due_at: '2020-01-01T04:00:00.000Z' };
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a');
    const api = fakeApi({
      'GET user/get-user': { body: envelope(staffUser('ADMIN')) },
      'GET order/get-all-order': list([order('n', 'Cancel', { ...nagad, refunds_owed: [owed] }), order('l', 'Cancel', { ...nagad, refunds_owed: [late] })]),
      'POST refunds/rf1/record': (call: Call) => ({ body: envelope(order('n', 'Cancel', { ...nagad, refunds_owed: [] }), 'Refund recorded.', { sent: call.body }) }),
    });
    const user = userEvent.setup();
    renderPage(<AllOrdersPage />);
    const n = await screen.findByRole('article', { name: 'Order ORD-n' });
    // 04:00 UTC is 10:00 in Dhaka.
    expect(within(n).getByTestId('owed-refund')).toHaveTextContent(`Refund due ${formatTaka(650)} to Nagad by 2 Dec 2026, 10:00`);
    expect(within(n).getByTestId('owed-refund')).not.toHaveTextContent('Overdue');
    expect(within(screen.getByRole('article', { name: 'Order ORD-l' })).getByTestId('owed-refund')).toHaveTextContent('Overdue');
    const form = await within(n).findByRole('form', { name: 'Record the refund of ORD-n' });
    expect(within(form).getByLabelText('Sent by')).toHaveDisplayValue('Nagad');
    expect(within(form).getByLabelText('Amount (৳)')).toHaveValue('650');
    expect(within(form).getAllByRole('option').map((o) => o.textContent)).toEqual(['Cash', 'bKash (sent by hand)', 'Rocket', 'Nagad', 'Bank transfer']);
    await user.type(within(form).getByLabelText('Transaction ID'), 'RF8K2A9');
    await user.click(within(form).getByRole('button', { name: 'Record refund sent' }));
    expect(await screen.findByText('Refund recorded.')).toBeInTheDocument();
    expect(api.sent('POST', 'refunds/rf1/record').map((c) => c.body)).toEqual([{ method: 'nagad', trx_id: 'RF8K2A9', amount: '650' }]);
    expect(within(n).queryByTestId('owed-refund')).not.toBeInTheDocument();
  });

  it('closes a refund owed when no money came under the typed transaction id, with the owner’s reason (decision 0081)', async () => {
    // The clock a day before the refund's due time (2 Dec 2026, 10:00 Dhaka), whatever today is.
    vi.setSystemTime(new Date('2026-12-01T04:00:00.000Z'));
    const nagad = { payment_status: 'nagad', transaction_id: 'FAKE12345', total_amount: 650 };
    const owed = { _id: 'rf1', method: 'nagad' as const, amount: 650, state: 'due' as const, due_at: '2026-12-02T04:00:00.000Z', reason: 'Cannot be supplied' };
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a');
    const api = fakeApi({
      'GET user/get-user': { body: envelope(staffUser('ADMIN')) },
      'GET order/get-all-order': list([order('n', 'Cancel', { ...nagad, refunds_owed: [owed] })]),
      'POST refunds/rf1/void': (call: Call) => ({ body: envelope(order('n', 'Cancel', { ...nagad, refunds_owed: [] }), 'Closed: nothing is owed.', { sent: call.body }) }),
    });
    const user = userEvent.setup();
    renderPage(<AllOrdersPage />);
    const n = await screen.findByRole('article', { name: 'Order ORD-n' });
    await user.click(await within(n).findByText('No payment arrived'));
    const form = within(n).getByRole('form', { name: 'Close the refund of ORD-n: no payment arrived' });
    await user.type(within(form).getByLabelText('Why nothing is owed (e.g. no money came under FAKE12345)'), 'Nothing in our Nagad under FAKE12345');
    await user.click(within(form).getByRole('button', { name: 'Close: nothing owed' }));
    expect(await screen.findByText('Closed: nothing is owed.')).toBeInTheDocument();
    expect(api.sent('POST', 'refunds/rf1/void').map((c) => c.body)).toEqual([{ note: 'Nothing in our Nagad under FAKE12345' }]);
    expect(within(n).queryByTestId('owed-refund')).not.toBeInTheDocument();
  });

  it('says the refund owed in Bangla; a Packer sees it without the form', async () => {
    // The clock a day before the refund's due time (2 Dec 2026, 10:00 Dhaka), whatever today is.
    vi.setSystemTime(new Date('2026-12-01T04:00:00.000Z'));
    const owed = { _id: 'rf1', method: 'rocket' as const, amount: 650, state: 'due' as const, due_at: '2026-12-02T04:00:00.000Z', reason: 'Cannot be supplied' };
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a');
    fakeApi({ 'GET user/get-user': { body: envelope(staffUser('PACKER')) }, 'GET order/get-all-order': list([order('n', 'Cancel', { payment_status: 'rocket', refunds_owed: [owed] })]) });
    await changeLanguage('bn');
    renderPage(<AllOrdersPage />);
    const card = await screen.findByRole('article', { name: 'অর্ডার ORD-n' });
    expect(within(card).getByTestId('owed-refund')).toHaveTextContent(/২ ডিসে, ২০২৬, ১০:০০ পূর্বাহ্ণ-এর মধ্যে রকেট-এ .*৬৫০.* রিফান্ড বাকি/);
    await new Promise((r) => setTimeout(r, 50));
    expect(within(card).queryByRole('form')).not.toBeInTheDocument();
    await changeLanguage('en');
  });

  it('offers an Orders clerk Refund only up to the owner’s refund limit, and a Packer never', async () => {
    const paid = { payment_status: 'bkash', paid: true, trx_id: 'TRX0000042' };
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a');
    const orders = list([order('s', 'Cancel', { ...paid, total_amount: 800 }), order('l', 'Cancel', { ...paid, total_amount: 2500 })]);
    fakeApi({ 'GET user/get-user': { body: envelope(staffUser('ORDERS')) }, 'GET refund-limit': { body: envelope({ limit: 1000 }) }, 'GET order/get-all-order': orders });
    const view = renderPage(<AllOrdersPage />);
    const small = await screen.findByRole('article', { name: 'Order ORD-s' });
    expect(await within(small).findByRole('button', { name: 'Refund' })).toBeInTheDocument();
    const large = screen.getByRole('article', { name: 'Order ORD-l' });
    expect(within(large).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(large).toHaveTextContent(`Above your refund limit (${formatTaka(1000)}): ask the owner or a manager.`);
    view.unmount();

    fakeApi({ 'GET user/get-user': { body: envelope(staffUser('PACKER')) }, 'GET order/get-all-order': orders });
    renderPage(<AllOrdersPage />);
    await screen.findByRole('article', { name: 'Order ORD-s' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  describe('a role sees only the controls the server lets it use (issue 42)', () => {
    const orders = () => list([order('a', 'Pending'), order('d', 'Cancel', { payment_status: 'bkash', paid: true, trx_id: 'TRX0000042' })]);

    it('a Packer reads the status, prints and books the courier, with no status list, Cancel, Delete, Refund or New order; an Orders clerk has them', async () => {
      fakeApi({ 'GET order/get-all-order': orders(), 'GET refund-limit': { body: envelope({ limit: 100_000 }) } });
      const view = renderPage(<AllOrdersPage />, { signedInAs: 'PACKER' });
      const a = await screen.findByRole('article', { name: 'Order ORD-a' });
      const d = screen.getByRole('article', { name: 'Order ORD-d' });
      expect(within(a).queryByRole('combobox', { name: 'Status of ORD-a' })).not.toBeInTheDocument();
      expect(within(a).getByTestId('order-status')).toHaveTextContent('StatusPending');
      expect(within(a).queryByRole('button', { name: 'Cancel: cannot be supplied' })).not.toBeInTheDocument();
      expect(within(a).getByRole('button', { name: 'Book courier' })).toBeInTheDocument();
      expect(within(a).getByRole('link', { name: 'Invoice' })).toBeInTheDocument();
      expect(within(a).getByRole('link', { name: 'Label' })).toBeInTheDocument();
      expect(within(d).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
      expect(within(d).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'New order' })).not.toBeInTheDocument();
      view.unmount();

      renderPage(<AllOrdersPage />, { signedInAs: 'ORDERS' });
      const clerkA = await screen.findByRole('article', { name: 'Order ORD-a' });
      expect(within(clerkA).getByRole('combobox', { name: 'Status of ORD-a' })).toHaveValue('Pending');
      expect(within(clerkA).getByRole('button', { name: 'Cancel: cannot be supplied' })).toBeInTheDocument();
      expect(within(screen.getByRole('article', { name: 'Order ORD-d' })).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
      expect(await within(screen.getByRole('article', { name: 'Order ORD-d' })).findByRole('button', { name: 'Refund' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'New order' })).toBeInTheDocument();
    });

    it('in Bangla too', async () => {
      fakeApi({ 'GET order/get-all-order': orders() });
      await changeLanguage('bn');
      renderPage(<AllOrdersPage />, { signedInAs: 'PACKER' });
      const a = await screen.findByRole('article', { name: 'অর্ডার ORD-a' });
      expect(within(a).queryByRole('combobox')).not.toBeInTheDocument();
      expect(within(a).getByTestId('order-status')).toHaveTextContent('অবস্থাঅপেক্ষমাণ');
      expect(within(a).queryByRole('button', { name: 'বাতিল: পণ্য দেওয়া যাচ্ছে না' })).not.toBeInTheDocument();
      expect(within(a).getByRole('button', { name: 'কুরিয়ার বুক করুন' })).toBeInTheDocument();
      expect(within(a).getByRole('link', { name: 'ইনভয়েস' })).toBeInTheDocument();
      expect(within(screen.getByRole('article', { name: 'অর্ডার ORD-d' })).queryByRole('button', { name: 'মুছুন' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'নতুন অর্ডার' })).not.toBeInTheDocument();
      await changeLanguage('en');
    });
  });
});
