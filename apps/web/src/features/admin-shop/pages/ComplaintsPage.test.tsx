import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '@haat/shared/constants';
import type { ComplaintView } from '@haat/shared/schemas/complaint';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage, userOf as staff } from '@/test-utils';
import { BusinessPage } from './BusinessPage';
import { ComplaintsPage } from './ComplaintsPage';

const complaint = (over: Partial<ComplaintView>): ComplaintView => ({
  _id: 'c1',
  name: 'Rahim Uddin',
  mobile: '01712345678',
  order_id: '',
  text: 'Late parcel',
  createdAt: '2026-11-25T06:00:00.000Z',
  dueAt: '2026-11-28T06:00:00.000Z',
  actedAt: null,
  actedBy: null,
  note: '',
  overdue: false,
  ...over,
});

describe('the owner’s complaints (issue 27)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await changeLanguage('en');
  });

  const page = (items: ComplaintView[]) => ({ body: envelope(items, '', { totalCount: items.length, totalPages: 1, openCount: 2, overdueCount: 1 }) });

  it('shows each complaint’s due time, marks the overdue one, and lets the orders staff mark it acted on', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a');
    const late = complaint({ _id: 'late', name: 'Late Shopper', order_id: 'HT-20261120-AAAAAA', overdue: true });
    const fresh = complaint({ _id: 'fresh', name: 'Fresh Shopper', dueAt: '2026-12-02T06:00:00.000Z' });
    let open = [late, fresh];
    const api = fakeApi({
      'GET user/get-user': { body: envelope(staff('ORDERS')) },
      'GET complaint': () => page(open),
      'PATCH complaint/late/acted': () => {
        open = [fresh];
        return { body: envelope({ ...late, actedAt: '2026-11-29T08:00:00.000Z', overdue: false }, 'Marked as acted on.') };
      },
    });
    const user = userEvent.setup();
    renderPage(<ComplaintsPage />);
    const list = await screen.findByRole('list', { name: 'Complaints' });
    expect(screen.getByText('2 open, 1 overdue')).toBeInTheDocument();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveAttribute('data-overdue', 'true');
    expect(within(first!).getByText('Overdue')).toBeInTheDocument();
    // 06:00 UTC is noon in Dhaka.
    expect(first).toHaveTextContent('Due 28 Nov 2026, 12:00');
    expect(first).toHaveTextContent('Order HT-20261120-AAAAAA');
    expect(second).toHaveAttribute('data-overdue', 'false');
    expect(within(second!).queryByText('Overdue')).not.toBeInTheDocument();

    // The button waits for the signed-in staff member's role (orders.manage).
    await user.type(await within(first!).findByLabelText('What was done (optional)'), 'Called back');
    await user.click(within(first!).getByRole('button', { name: 'Mark acted on' }));
    expect(api.sent('PATCH', 'complaint/late/acted')[0]!.body).toEqual({ note: 'Called back' });
    await vi.waitFor(() => expect(screen.queryByText('Late Shopper')).not.toBeInTheDocument());
  });

  it('lets a packer read but not act, in Bangla too', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a');
    const api = fakeApi({ 'GET user/get-user': { body: envelope(staff('PACKER')) }, 'GET complaint': page([complaint({ overdue: true })]) });
    await act(() => changeLanguage('bn'));
    renderPage(<ComplaintsPage />);
    const list = await screen.findByRole('list', { name: 'অভিযোগ' });
    expect(within(list).getByText('সময় পেরিয়েছে')).toBeInTheDocument();
    await vi.waitFor(() => expect(api.sent('GET', 'user/get-user')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'ব্যবস্থা নেওয়া হয়েছে' })).not.toBeInTheDocument();
  });
});

describe('the owner’s business details (issue 27)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a BIN that is not 13 digits with the shared schema’s words, then saves the details', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a');
    const current = { tradeLicence: '', dbid: '', bin: '', address: '', addressBn: '', vatRate: 15 };
    const api = fakeApi({
      'GET shop/business': { body: envelope(current) },
      'PUT shop/business': (call) => ({ body: envelope({ ...current, ...(call.body as object), bin: '0001234560101' }, 'Business details saved.') }),
    });
    const user = userEvent.setup();
    renderPage(<BusinessPage />);
    await user.type(await screen.findByLabelText('BIN (VAT registration, 13 digits)'), '12345');
    await user.type(screen.getByLabelText('Trade licence number'), 'TRAD/DNCC/012345/2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The BIN must be 13 digits.')).toBeInTheDocument();
    expect(api.sent('PUT', 'shop/business')).toHaveLength(0);
    await user.clear(screen.getByLabelText('BIN (VAT registration, 13 digits)'));
    await user.type(screen.getByLabelText('BIN (VAT registration, 13 digits)'), '000123456-0101');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Business details saved.')).toBeInTheDocument();
    expect(api.sent('PUT', 'shop/business')[0]!.body).toMatchObject({ bin: '000123456-0101', tradeLicence: 'TRAD/DNCC/012345/2026', vatRate: 15 });
  });
});
