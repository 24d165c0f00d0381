import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderStatus } from '@haat/shared/constants';
import { formatTaka } from '@haat/shared/money';
import type { CourierBooking, CourierView } from '@haat/shared/schemas/courier';
import { envelope, failure, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { AllOrdersPage } from '../pages/AllOrdersPage';
import { adminOrder, orderList } from '../test-fixtures';

const order = (id: string, status: OrderStatus = 'Pending', courier: CourierView | null = null) =>
  adminOrder(id, status, { orderId: `HT-20261122-${id.toUpperCase()}`, delivery_fee: 50, total_amount: 1050, courier, guest_user_delivery_address: { address_line: 'Road 27, Dhanmondi', city: 'Dhaka', mobile: '01712345678' } });
const booked: CourierView = {
  provider: 'steadfast',
  consignment_id: '1424107',
  tracking_code: '15BAEB8A',
  status: 'in_review',
  stage: 'booked',
  timeline: [{ status: 'in_review', stage: 'booked', message: 'Booked with Steadfast: tracking code 15BAEB8A.', at: '2026-11-22T10:05:00.000Z' }],
};
const list = (orders: ReturnType<typeof order>[]) => orderList(orders);
/** Due times (issue 27): handover and delivery both late. */
const lateHandover = [
  { kind: 'handover' as const, dueAt: '2026-11-20T04:00:00.000Z', met: false, overdue: true },
  { kind: 'delivery' as const, dueAt: '2026-11-21T04:00:00.000Z', met: false, overdue: true },
];
const providers = {
  body: envelope([
    { provider: 'steadfast', label: 'Steadfast', places: false },
    { provider: 'pathao', label: 'Pathao', places: true },
  ]),
};

describe('courier booking on All Orders', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the dialog open with the courier's refusal, then shows the booking on the card", async () => {
    let refuse = true;
    const api = fakeApi({
      'GET order/get-all-order': list([order('a')]),
      'GET courier/providers': providers,
      'POST order/a/courier': () => (refuse ? { status: 422, body: failure('Steadfast refused the booking: The invoice has already been taken.') } : { body: envelope(order('a', 'Pending', booked), 'Courier booked.') }),
    });
    const user = userEvent.setup();
    renderPage(<AllOrdersPage />, { signedInAs: 'ADMIN' });
    const card = await screen.findByRole('article', { name: 'Order HT-20261122-A' });
    await user.click(within(card).getByRole('button', { name: 'Book courier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book courier for HT-20261122-A' });
    expect(dialog).toHaveTextContent(`Cash to collect: ${formatTaka(1050)}`);
    await within(dialog).findByRole('option', { name: 'Steadfast' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Steadfast refused the booking: The invoice has already been taken.');
    expect(within(card).getByRole('button', { name: 'Book courier' })).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    const panel = await within(card).findByRole('group', { name: 'Courier' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(panel).toHaveTextContent('Steadfast');
    expect(panel).toHaveTextContent('1424107');
    expect(panel).toHaveTextContent('15BAEB8A');
    expect(panel).toHaveTextContent('Courier statusBooked, in review'); // the courier's word as a person says it
    expect(panel).not.toHaveTextContent('in_review');
    expect(within(panel).getByRole('list', { name: 'Courier updates' })).toHaveTextContent('Booked with Steadfast');
    expect(api.sent('POST', 'order/a/courier').map((c) => c.body)).toEqual([{ provider: 'steadfast' }, { provider: 'steadfast' }]);
  });

  it("asks Pathao's city and zone, suggested from the address", async () => {
    const api = fakeApi({
      'GET order/get-all-order': list([order('a')]),
      'GET courier/providers': providers,
      'GET order/a/courier': { body: envelope({ city_id: 1, zone_id: 10 }) },
      'GET courier/pathao/places': (call) => ({
        body: envelope(call.path.includes('zone_id') ? [{ id: 100, name: 'Road 27' }] : call.path.includes('city_id') ? [{ id: 10, name: 'Dhanmondi' }, { id: 11, name: 'Gulshan' }] : [{ id: 1, name: 'Dhaka' }]),
      }),
      'POST order/a/courier': { body: envelope(order('a', 'Pending', { ...booked, provider: 'pathao' })) },
    });
    const user = userEvent.setup();
    renderPage(<AllOrdersPage />, { signedInAs: 'ADMIN' });
    await user.click(await screen.findByRole('button', { name: 'Book courier' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('option', { name: 'Pathao' });
    await user.selectOptions(within(dialog).getByLabelText('Courier'), 'pathao');
    await within(dialog).findByRole('option', { name: 'Gulshan' });
    expect(within(dialog).getByLabelText('City')).toHaveValue('1');
    expect(within(dialog).getByLabelText('Zone')).toHaveValue('10');
    await within(dialog).findByRole('option', { name: 'Road 27' });
    await user.selectOptions(within(dialog).getByLabelText('Area (optional)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('group', { name: 'Courier' })).toHaveTextContent('Pathao');
    expect(api.sent('POST', 'order/a/courier')[0]!.body).toEqual({ provider: 'pathao', city_id: 1, zone_id: 10, area_id: 100 });
  });

  it('books the ticked Pending orders in bulk and lists each result', async () => {
    const api = fakeApi({
      'GET order/get-all-order': list([{ ...order('a'), deadlines: lateHandover }, order('b'), order('c', 'Pending', booked), order('d', 'Delivered')]),
      'GET courier/providers': providers,
      'POST courier/book': {
        body: envelope(
          [
            { orderId: 'a', ok: true, message: 'Booked: tracking code 15BAEB8B.', code: 'BOOKED', params: { tracking: '15BAEB8B' }, courier: { ...booked, tracking_code: '15BAEB8B' } },
            { orderId: 'b', ok: false, message: 'Steadfast refused the booking: The recipient phone must be 11 digits.', code: 'COURIER_REFUSED', params: { courier: 'Steadfast', detail: 'The recipient phone must be 11 digits.' }, courier: null },
          ],
          '1 of 2 booked.',
        ),
      },
    });
    const user = userEvent.setup();
    renderPage(<AllOrdersPage />, { signedInAs: 'ADMIN' });
    // Every card can be ticked (for printing too); only the Pending orders not yet booked are booked.
    for (const id of ['A', 'B', 'C', 'D']) await user.click(await screen.findByLabelText(`Select HT-20261122-${id}`));
    const bar = await screen.findByRole('region', { name: 'Bulk booking' });
    expect(bar).toHaveTextContent('HT-20261122-A, HT-20261122-B');
    await within(bar).findByRole('option', { name: 'Steadfast' });
    await user.click(within(bar).getByRole('button', { name: 'Book selected (2)' }));
    const results = await within(bar).findByRole('list', { name: 'Booking results' });
    expect(results).toHaveTextContent('HT-20261122-A: Booked: tracking code 15BAEB8B.');
    expect(results).toHaveTextContent('HT-20261122-B: Steadfast refused the booking: The recipient phone must be 11 digits.');
    expect(api.sent('POST', 'courier/book')[0]!.body).toEqual({ orderIds: ['a', 'b'], provider: 'steadfast' });
    const a = screen.getByRole('article', { name: 'Order HT-20261122-A' });
    expect(await within(a).findByRole('group', { name: 'Courier' })).toHaveTextContent('15BAEB8B');
    // Issue 27: booked, the handover is met; the late delivery stays Overdue.
    expect(within(a).getByRole('group', { name: 'Due times' })).toHaveTextContent(/Hand to courier by .* · done/);
    expect(within(a).getByRole('group', { name: 'Due times' })).toHaveTextContent(/Overdue.*Deliver by .* · late/);
  });

  it('a booking the courier could not take yet is shown queued, with no second Book courier; a failed one says why and can be booked again', async () => {
    const queued: CourierBooking = { provider: 'steadfast', state: 'queued', attempts: 2, max_attempts: 8, next_try_at: '2026-11-22T10:05:00.000Z', error: 'Steadfast could not be reached.', job_id: 'j1' };
    fakeApi({
      'GET order/get-all-order': list([order('a'), order('b')]),
      'GET courier/providers': providers,
      'POST order/a/courier': { status: 202, body: envelope({ ...order('a'), courier_booking: { ...queued, attempts: 0 } }, 'Steadfast could not take the booking yet: it is queued and tried again by itself.') },
    });
    const user = userEvent.setup();
    renderPage(<AllOrdersPage />, { signedInAs: 'ADMIN' });
    const card = await screen.findByRole('article', { name: 'Order HT-20261122-A' });
    await user.click(within(card).getByRole('button', { name: 'Book courier' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('option', { name: 'Steadfast' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText('Steadfast could not take the booking yet: it is queued and tried again by itself.')).toBeInTheDocument();
    const note = await within(card).findByRole('status');
    // 10:05 UTC is 16:05 in Dhaka.
    expect(note).toHaveTextContent('Booking with Steadfast is queued: Steadfast could not take it yet. Tried 0 of 8 times; next try at 22 Nov 2026, 16:05.');
    expect(note).toHaveTextContent('Last problem: Steadfast could not be reached.');
    expect(within(card).queryByRole('button', { name: 'Book courier' })).not.toBeInTheDocument();
  });

  it('a failed booking says why, and Book courier stays', async () => {
    const failed: CourierBooking = { provider: 'steadfast', state: 'failed', attempts: 8, max_attempts: 8, next_try_at: null, error: 'Steadfast had an error (503). Please try again later.', job_id: 'j1' };
    fakeApi({ 'GET order/get-all-order': list([{ ...order('a'), courier_booking: failed }]), 'GET courier/providers': providers });
    renderPage(<AllOrdersPage />, { signedInAs: 'ADMIN' });
    const card = await screen.findByRole('article', { name: 'Order HT-20261122-A' });
    const note = await within(card).findByRole('status');
    expect(note).toHaveTextContent('Booking with Steadfast failed after 8 tries. Book again, or try it again from Failed jobs.');
    expect(note).toHaveTextContent('Last problem: Steadfast had an error (503). Please try again later.');
    expect(within(card).getByRole('button', { name: 'Book courier' })).toBeInTheDocument();
  });
});
