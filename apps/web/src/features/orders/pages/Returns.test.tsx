import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Returnable, ReturnView } from '@haat/shared/schemas/returns';
import { formatTaka } from '@haat/shared/money';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { orderFixture } from '@/test-orders';
import { renderPage } from '@/test-utils';
import { MyOrdersPage } from '@/features/orders/pages/MyOrdersPage';
import { ReturnCard } from '@/features/returns';

const line = { _id: 'i1', product_id: 'p1', name: 'Cotton Panjabi', name_bn: 'সুতির পাঞ্জাবি', image: [], unit: '1 pc', price: 1500, discount: 0, unit_price: 1500, quantity: 2, promotion_discount: 0, variant_id: null, sku: '', options: [] };
const returnable: Returnable = {
  order_id: 'o1',
  order_number: 'HT-RET',
  status: 'Delivered',
  window_ends: '2026-12-06T10:00:00.000Z',
  open: true,
  items: [{ item_id: 'i1', product_id: 'p1', name: 'Cotton Panjabi', name_bn: 'সুতির পাঞ্জাবি', options: [], quantity: 2, returnable: 2, variants: [] }],
  returns: [],
};
const view = (over: Partial<ReturnView> = {}): ReturnView => ({
  _id: 'r1',
  order_id: 'o1',
  order_number: 'HT-RET',
  kind: 'return',
  source: 'shopper',
  state: 'requested',
  reason: 'damaged',
  note: 'Torn seam',
  photos: [],
  decision_note: '',
  pickup: null,
  items: [{ item_id: 'i1', product_id: 'p1', name: 'Cotton Panjabi', name_bn: 'সুতির পাঞ্জাবি', options: [], quantity: 1, wanted_variant_id: null, wanted_options: [] }],
  refundable: 1500,
  refunds: [],
  replacement_order: null,
  createdAt: '2026-11-29T08:00:00.000Z',
  decidedAt: null,
  receivedAt: null,
  ...over,
});

describe('a shopper returns an item from My Orders (issue 27)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for one of two delivered units with a reason and sends it as the form the server reads', async () => {
    const api = fakeApi({
      'GET order/get-order': { body: envelope([orderFixture('o1', 'Delivered', { orderId: 'HT-RET', product_details: [line] })]) },
      'GET order/o1/returnable': { body: envelope(returnable) },
      'POST order/o1/returns': { status: 201, body: envelope(view(), 'Return requested.') },
    });
    renderPage(<MyOrdersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Return or exchange items of HT-RET' }));
    const form = await screen.findByRole('form', { name: 'Return or exchange items of HT-RET' });
    await userEvent.clear(within(form).getByRole('spinbutton', { name: /How many of Cotton Panjabi/ }));
    await userEvent.type(within(form).getByRole('spinbutton', { name: /How many of Cotton Panjabi/ }), '1');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Reason' }), 'Damaged or faulty');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Tell us more (optional)' }), 'Torn seam');
    // The photos: our own button and words, not the browser's "Choose Files" (issue 42).
    expect(within(form).getByRole('button', { name: 'Choose photos' })).toHaveAccessibleDescription('No photo chosen');
    await userEvent.upload(within(form).getByLabelText('Photos (optional, up to 3)'), new File([new Uint8Array([255, 216, 255])], 'seam.jpg', { type: 'image/jpeg' }));
    expect(within(form).getByText('1 photo chosen')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Your request is sent. We will let you know by SMS.')).toBeInTheDocument();
    const [sent] = api.sent('POST', 'order/o1/returns');
    const body = sent!.body as FormData;
    expect(JSON.parse(String(body.get('request')))).toEqual({ kind: 'return', items: [{ item_id: 'i1', quantity: 1 }], reason: 'damaged', note: 'Torn seam' });
    expect(body.get('lang')).toBe('en');
    expect((body.getAll('photos') as File[]).map((f) => f.name)).toEqual(['seam.jpg']);
  });

  it('an exchanged order (now Return) still shows its exchange and the replacement order, and asks nothing more', async () => {
    const exchanged = view({ kind: 'exchange', state: 'received', replacement_order: 'HT-NEW1', receivedAt: '2026-11-30T08:00:00.000Z' });
    fakeApi({
      'GET order/get-order': { body: envelope([orderFixture('o1', 'Return', { orderId: 'HT-RET', product_details: [line] })]) },
      'GET order/o1/returnable': { body: envelope({ ...returnable, status: 'Return', open: false, window_ends: null, returns: [exchanged] }) },
    });
    renderPage(<MyOrdersPage />);
    expect(await screen.findByText(/Replacement order HT-NEW1/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Return or exchange items of HT-RET' })).not.toBeInTheDocument();
  });

  it('in Bangla: the button, the form and the server’s refusal by its code', async () => {
    fakeApi({
      'GET order/get-order': { body: envelope([orderFixture('o1', 'Delivered', { orderId: 'HT-RET', product_details: [line] })]) },
      'GET order/o1/returnable': { body: envelope(returnable) },
      'POST order/o1/returns': { status: 409, body: { success: false, error: true, data: null, message: 'Returns for this order closed on 2026-12-06 (7 days after delivery).', code: 'RETURN_WINDOW_CLOSED', params: { date: '2026-12-06', days: 7 } } },
    });
    await act(() => changeLanguage('bn'));
    renderPage(<MyOrdersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'HT-RET অর্ডারের পণ্য ফেরত বা বদল' }));
    const form = await screen.findByRole('form', { name: 'HT-RET অর্ডারের পণ্য ফেরত বা বদল' });
    await userEvent.click(within(form).getByRole('button', { name: 'অনুরোধ পাঠান' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('অন্তত একটি পণ্য বাছুন।');
    // The photo field in Bangla: a Bangla button and what is chosen, in Bengali digits.
    expect(within(form).getByRole('button', { name: 'ছবি বাছাই করুন' })).toHaveAccessibleDescription('কোনো ছবি বাছাই করা হয়নি');
    const photo = (name: string) => new File([new Uint8Array([255, 216, 255])], name, { type: 'image/jpeg' });
    await userEvent.upload(within(form).getByLabelText('ছবি (ঐচ্ছিক, সর্বোচ্চ ৩টি)'), [photo('a.jpg'), photo('b.jpg')]);
    expect(within(form).getByText('২টি ছবি বাছাই করা হয়েছে')).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('spinbutton'), '1');
    await userEvent.click(within(form).getByRole('button', { name: 'অনুরোধ পাঠান' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('এই অর্ডারের ফেরতের সময় 2026-12-06-এ শেষ হয়েছে (ডেলিভারির ৭ দিন পর)।');
    await act(() => changeLanguage('en'));
  });
});

describe('the owner’s return card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('approves a request with the pick-up arranged by hand', async () => {
    const api = fakeApi({ 'POST returns/r1/decision': { body: envelope(view({ state: 'approved', pickup: 'manual' }), 'Return updated.') } });
    renderPage(<ReturnCard ret={view()} />, { signedInAs: 'ADMIN' });
    expect(screen.getByText('No courier we use offers a return pick-up: arrange it with the rider or the shopper.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(api.sent('POST', 'returns/r1/decision')).toHaveLength(1));
    expect(api.sent('POST', 'returns/r1/decision')[0]!.body).toEqual({ decision: 'approve', pickup: 'manual', note: '' });
  });

  it('receives an exchange whose wanted size sold out as a return to refund (issue 41)', async () => {
    const api = fakeApi({ 'POST returns/r1/receive': { body: envelope(view({ kind: 'return', state: 'received' }), 'Items received.') } });
    renderPage(<ReturnCard ret={view({ kind: 'exchange', state: 'approved' })} />, { signedInAs: 'ADMIN' });
    await userEvent.click(screen.getByRole('button', { name: 'Received: refund instead of exchanging' }));
    await vi.waitFor(() => expect(api.sent('POST', 'returns/r1/receive')).toHaveLength(1));
    expect(api.sent('POST', 'returns/r1/receive')[0]!.body).toEqual({ refund_instead: true });
  });

  it('refunds a received return by hand: method, amount (what the lines were paid) and transaction id', async () => {
    const api = fakeApi({ 'POST returns/r1/refund': { body: envelope(view({ state: 'received', refundable: 0 }), 'Refund recorded.') } });
    renderPage(<ReturnCard ret={view({ state: 'received' })} />, { signedInAs: 'ADMIN' });
    expect(screen.getByText(`Refundable: ${formatTaka(1500)}`)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Method' }), 'Nagad');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Amount (৳)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (৳)' }), '1000');
    await userEvent.type(screen.getByRole('textbox', { name: 'Transaction ID' }), '7XK2A9');
    await userEvent.click(screen.getByRole('button', { name: 'Refund now' }));
    await vi.waitFor(() => expect(api.sent('POST', 'returns/r1/refund')).toHaveLength(1));
    expect(api.sent('POST', 'returns/r1/refund')[0]!.body).toEqual({ method: 'nagad', amount: 1000, trx_id: '7XK2A9', note: '' });
  });

  it('shows a received return’s refunds in Bangla', async () => {
    fakeApi({});
    await act(() => changeLanguage('bn'));
    renderPage(<ReturnCard ret={view({ state: 'received', refundable: 0, refunds: [{ _id: 'f1', return_id: 'r1', method: 'bkash', amount: 1500, state: 'done', reason: '', trx_id: 'RFD1', by: 'Owner', due_at: '2026-11-29T08:00:00.000Z', done_at: '2026-11-29T08:00:00.000Z', error: '', createdAt: '2026-11-29T08:00:00.000Z' }] })} />, { signedInAs: 'ADMIN' });
    expect(screen.getByTestId('return-state')).toHaveTextContent('গ্রহণ করা হয়েছে');
    expect(screen.getByTestId('refund-line')).toHaveTextContent('বিকাশ (রিফান্ড এপিআই)');
    expect(screen.getByTestId('refund-line')).toHaveTextContent('সম্পন্ন');
    await act(() => changeLanguage('en'));
  });

  it('a Packer reads a return at each step, with none of the steps the server would refuse it (issue 42), in both languages', async () => {
    fakeApi({});
    for (const state of ['requested', 'approved', 'received'] as const) {
      const view1 = renderPage(<ReturnCard ret={view({ kind: 'exchange', state })} />, { signedInAs: 'PACKER' });
      expect(screen.getByRole('article')).toHaveTextContent('Torn seam');
      expect(screen.queryAllByRole('button')).toEqual([]);
      expect(screen.queryByRole('form', { name: 'Refund' })).not.toBeInTheDocument();
      view1.unmount();
    }
    // An Orders clerk may take each step.
    const clerk = renderPage(<ReturnCard ret={view({ state: 'requested' })} />, { signedInAs: 'ORDERS' });
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    clerk.unmount();

    await act(() => changeLanguage('bn'));
    renderPage(<ReturnCard ret={view({ state: 'approved' })} />, { signedInAs: 'PACKER' });
    expect(screen.getByTestId('return-state')).toHaveTextContent('অনুমোদিত');
    expect(screen.queryByRole('button', { name: 'পণ্য ফেরত পেয়েছি' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
    await act(() => changeLanguage('en'));
  });
});
