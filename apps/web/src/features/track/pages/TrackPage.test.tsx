import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/i18n/format';
import { formatTaka } from '@haat/shared/money';
import { envelope, failure, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { changeLanguage } from '@/i18n';
import { TrackPage } from './TrackPage';

const view = {
  orderId: 'HT-20261122-7Q4K9M',
  status: 'Pending',
  steps: [
    { key: 'placed', label: 'Placed', done: true, at: '2026-11-22T10:00:00.000Z' },
    { key: 'booked', label: 'Booked', done: true, at: '2026-11-22T11:00:00.000Z' },
    { key: 'picked', label: 'Picked', done: false, at: null },
    { key: 'in_transit', label: 'In transit', done: false, at: null },
    { key: 'delivered', label: 'Delivered', done: false, at: null },
  ],
  timeline: [
    { status: 'placed', stage: 'placed', message: 'Order placed.', at: '2026-11-22T10:00:00.000Z' },
    { status: 'in_review', stage: 'booked', message: 'Booked with Steadfast: tracking code 15BAEB8A.', at: '2026-11-22T11:00:00.000Z' },
  ],
  amounts: { total: 1050, paid: 0, due_on_delivery: 1050, refunds: [], exchanges: [] },
  exchange_for: null as string | null,
};

describe('/track', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names an exchange’s replacement order as the exchange it is, in English and Bangla (issue 42)', async () => {
    fakeApi({ 'GET order/track': { body: envelope({ ...view, exchange_for: 'HT-20261120-AB12CD' }) } });
    const user = userEvent.setup();
    renderPage(<TrackPage />, { path: '/track', url: '/track?orderId=HT-20261122-7Q4K9M' });
    await user.type(screen.getByLabelText('Mobile number'), '01712345678');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    const result = await screen.findByRole('article', { name: 'Order HT-20261122-7Q4K9M' });
    expect(within(result).getByTestId('exchange-badge')).toHaveTextContent('Exchange for order HT-20261120-AB12CD');
    await act(() => changeLanguage('bn'));
    expect(await within(result).findByText('অর্ডার HT-20261120-AB12CD-এর বদল')).toBeInTheDocument();
  });

  it('takes the order id from the link, asks for the mobile, and shows the steps with dates', async () => {
    const api = fakeApi({ 'GET order/track': (call) => (call.path.includes('01712345678') ? { body: envelope(view) } : { status: 404, body: failure('No order matches that order id and mobile number.') }) });
    const user = userEvent.setup();
    renderPage(<TrackPage />, { path: '/track', url: '/track' });
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your order id.');
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Order ID'), 'HT-20261122-7Q4K9M');
    await user.type(screen.getByLabelText('Mobile number'), '01899999999');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No order matches that order id and mobile number.');

    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '01712345678');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    const result = await screen.findByRole('article', { name: 'Order HT-20261122-7Q4K9M' });
    const steps = within(result).getByRole('list', { name: 'Steps' }).querySelectorAll('li');
    expect([...steps].map((s) => [s.textContent, s.dataset.done])).toEqual([
      [`Placed${formatDate(view.steps[0]!.at!)}`, 'true'],
      [`Booked${formatDate(view.steps[1]!.at!)}`, 'true'],
      ['PickedNot yet', 'false'],
      ['In transitNot yet', 'false'],
      ['DeliveredNot yet', 'false'],
    ]);
    const updates = within(result).getByRole('list', { name: 'Updates' }).querySelectorAll('li');
    expect(updates[1]).toHaveTextContent(`Booked, in reviewBooked with Steadfast: tracking code 15BAEB8A.${formatDate(view.timeline[1]!.at)}`);
    expect(within(result).getByRole('list', { name: 'Updates' })).not.toHaveTextContent('in_review');
    expect(api.sent('GET', 'order/track').at(-1)!.path).toBe('order/track?orderId=HT-20261122-7Q4K9M&mobile=01712345678');
  });

  it('in Bangla says every step, status and date in Bangla: no courier word, no Latin digit, no AM/PM', async () => {
    fakeApi({ 'GET order/track': { body: envelope({ ...view, timeline: [...view.timeline, { status: 'order.assigned-for-delivery', stage: 'in_transit', message: 'Pathao: assigned for delivery', at: '2026-11-22T15:30:00.000Z' }] }) } });
    await act(() => changeLanguage('bn'));
    const user = userEvent.setup();
    renderPage(<TrackPage />, { path: '/track', url: '/track?orderId=HT-20261122-7Q4K9M' });
    await user.type(screen.getByLabelText('মোবাইল নম্বর'), '০১৭১২৩৪৫৬৭৮');
    await user.click(screen.getByRole('button', { name: 'ট্র্যাক করুন' }));
    const result = await screen.findByRole('article', { name: 'অর্ডার HT-20261122-7Q4K9M' });
    const steps = within(result).getByRole('list', { name: 'ধাপসমূহ' }).querySelectorAll('li');
    // The time of day depends on the machine's zone; its form does not.
    const at = String.raw`২২ নভে, ২০২৬, [০-৯]{1,2}:[০-৯]{2} (পূর্বাহ্ণ|অপরাহ্ণ)`;
    const texts = [...steps].map((s) => s.textContent);
    expect(texts[0]).toMatch(new RegExp(`^অর্ডার হয়েছে${at}$`));
    expect(texts[1]).toMatch(new RegExp(`^বুক হয়েছে${at}$`));
    expect(texts.slice(2)).toEqual(['পিকআপ হয়েছেএখনো হয়নি', 'পথে আছেএখনো হয়নি', 'ডেলিভারি হয়েছেএখনো হয়নি']);
    const updates = within(result).getByRole('list', { name: 'খবরাখবর' });
    const said = [...updates.querySelectorAll('li')].map((li) => li.textContent);
    expect(said[0]).toMatch(new RegExp(`^অর্ডার হয়েছে${at}$`));
    expect(said[1]).toMatch(new RegExp(`^বুক হয়েছে, যাচাই চলছে${at}$`));
    expect(said[2]).toMatch(new RegExp(`^ডেলিভারির পথে${at}$`));
    expect(result.textContent!.replace('HT-20261122-7Q4K9M', '')).not.toMatch(/[0-9A-Za-z]/);
  });

  it('shows what to hand the rider, what was paid, the refunds and each exchange from one size to the other, in English and Bangla (issue 42)', async () => {
    const size = (value: string, value_bn: string) => [{ name: 'Size', name_bn: 'সাইজ', value, value_bn }];
    const amounts = {
      total: 2050,
      paid: 0,
      due_on_delivery: 2050,
      refunds: [
        { amount: 500, state: 'done' },
        { amount: 300, state: 'due' },
      ],
      exchanges: [{ name: 'Kurta', name_bn: 'কুর্তা', quantity: 1, from: size('M', 'এম'), to: size('L', 'এল'), state: 'approved' }],
    };
    fakeApi({ 'GET order/track': { body: envelope({ ...view, amounts }) } });
    const user = userEvent.setup();
    renderPage(<TrackPage />, { path: '/track', url: '/track?orderId=HT-20261122-7Q4K9M' });
    await user.type(screen.getByLabelText('Mobile number'), '01712345678');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    const money = await screen.findByRole('region', { name: 'Payment' });
    const rows = () => [...money.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`);
    expect(rows()).toEqual([
      `Order total: ${formatTaka(2050)}`,
      `Paid: ${formatTaka(0)}`,
      `To pay on delivery: ${formatTaka(2050)}`,
      `Refunded: ${formatTaka(500)}`,
      `Refund to come: ${formatTaka(300)}`,
    ]);
    const exchanges = within(money).getByRole('list', { name: 'Exchanges' });
    expect(within(exchanges).getByRole('listitem')).toHaveTextContent('1 × Kurta: Size: M → Size: L (Approved)');

    await act(() => changeLanguage('bn'));
    const bn = screen.getByRole('region', { name: 'টাকার হিসাব' });
    expect(rows()).toEqual([
      `অর্ডারের মোট: ${formatTaka(2050)}`,
      `পরিশোধ হয়েছে: ${formatTaka(0)}`,
      `ডেলিভারির সময় দিতে হবে: ${formatTaka(2050)}`,
      `ফেরত দেওয়া হয়েছে: ${formatTaka(500)}`,
      `ফেরত দেওয়া হবে: ${formatTaka(300)}`,
    ]);
    expect(within(within(bn).getByRole('list', { name: 'এক্সচেঞ্জ' })).getByRole('listitem')).toHaveTextContent('১ × কুর্তা: সাইজ: এম থেকে সাইজ: এল (অনুমোদিত)');
    expect(bn.textContent).not.toMatch(/[0-9A-Za-z]/);
  });
});
