import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SettledParcel, SettlementOverview } from '@haat/shared/schemas/settlements';
import { formatTaka } from '@haat/shared/money';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { changeLanguage } from '@/i18n';
import { SettlementsPage } from './SettlementsPage';

const short: SettledParcel = { provider: 'steadfast', consignmentId: '1424107', orderNo: 'HT-20261120-7Q4K9', kind: 'delivery', outcome: 'short', expectedPaisa: 96940, paidPaisa: 91940, differencePaisa: 5000, ageDays: 9, resolved: null };
const unpaid: SettledParcel = { ...short, consignmentId: '1424108', orderNo: 'HT-20261121-AB12C', outcome: 'unpaid', paidPaisa: 0, differencePaisa: 96940, ageDays: 3 };

const overview = (exceptions: SettledParcel[]): SettlementOverview => ({
  couriers: [{ provider: 'steadfast', owedPaisa: 101940, ageing: { '0-7': 96940, '8-15': 5000, '16-30': 0, '30+': 0 }, unpaid: 1, exceptions: exceptions.length }],
  cashWithCouriersPaisa: 101940,
  exceptions,
  payouts: [{ id: 'p1', provider: 'steadfast', reference: '9001', source: 'api', paidAt: '2026-11-29T06:00:00.000Z', amountPaisa: 91940, lines: 1, exceptions: 1 }],
  rates: [],
});

describe('Courier settlements page (issue 44)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it('shows the cash with couriers and its ageing, the exceptions first, and resolves one with a note', async () => {
    let exceptions = [short, unpaid];
    const api = fakeApi({
      'GET settlements': () => ({ body: envelope(overview(exceptions)) }),
      'POST settlements/resolve': () => {
        exceptions = [unpaid, { ...short, resolved: { note: 'Paid in cash', at: '2026-12-01T10:00:00.000Z' } }];
        return { body: envelope(exceptions[1], 'Exception resolved.') };
      },
    });
    renderPage(<SettlementsPage />);
    expect(await screen.findByText('Cash with couriers:')).toBeInTheDocument();
    const card = screen.getByRole('listitem', { name: 'Steadfast' });
    expect(within(card).getByRole('row', { name: /8–15 days/ })).toHaveTextContent(formatTaka(50));
    const list = screen.getByRole('list', { name: 'Exceptions' });
    const item = within(list).getByRole('listitem', { name: 'Steadfast 1424107' });
    expect(within(item).getByText('Paid short')).toBeInTheDocument();
    expect(within(item).getByText('HT-20261120-7Q4K9 · Delivered · 9 days')).toBeInTheDocument();
    await userEvent.type(within(item).getByLabelText('Note'), 'Paid in cash');
    await userEvent.click(within(item).getByRole('button', { name: 'Mark resolved' }));
    expect(api.sent('POST', 'settlements/resolve')[0]!.body).toEqual({ provider: 'steadfast', consignmentId: '1424107', note: 'Paid in cash' });
    expect(await screen.findByText('Resolved: Paid in cash')).toBeInTheDocument();
  });

  it('speaks Bangla, with taka for bn-BD', async () => {
    await changeLanguage('bn');
    fakeApi({ 'GET settlements': { body: envelope(overview([short])) } });
    renderPage(<SettlementsPage />);
    expect(await screen.findByRole('heading', { name: 'কুরিয়ারের হিসাব' })).toBeInTheDocument();
    const item = await screen.findByRole('listitem', { name: 'স্টেডফাস্ট 1424107' });
    expect(within(item).getByText('কম টাকা দিয়েছে')).toBeInTheDocument();
    // The shop's one taka format, bn-BD in both languages: ৫০.০০৳.
    expect(within(item).getByText(formatTaka(50))).toBeInTheDocument();
    expect(formatTaka(50)).toContain('৳');
    expect(screen.getByText('১টি গরমিল')).toBeInTheDocument();
  });

  it('names RedX and Paperfly in Bangla, and says so when no courier holds cash', async () => {
    await changeLanguage('bn');
    const owed = (provider: string, owedPaisa: number) => ({ provider, owedPaisa, ageing: { '0-7': owedPaisa, '8-15': 0, '16-30': 0, '30+': 0 }, unpaid: 1, exceptions: 0 });
    fakeApi({ 'GET settlements': { body: envelope({ ...overview([]), couriers: [owed('redx', 20000), owed('paperfly', 30000)] }) } });
    const first = renderPage(<SettlementsPage />);
    expect(await screen.findByRole('listitem', { name: 'রেডএক্স' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'পেপারফ্লাই' })).toBeInTheDocument();
    first.unmount();
    await changeLanguage('en');
    fakeApi({ 'GET settlements': { body: envelope({ ...overview([]), couriers: [], cashWithCouriersPaisa: 0 }) } });
    renderPage(<SettlementsPage />);
    expect(await screen.findByText(/No courier holds cash for you/)).toBeInTheDocument();
  });
});
