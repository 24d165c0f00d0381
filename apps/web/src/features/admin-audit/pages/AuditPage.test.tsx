import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { changeLanguage } from '@/i18n';
import { AuditPage } from './AuditPage';

const priceEdit = {
  _id: 'e1',
  // 09:15 UTC is 15:15 in Dhaka.
  at: '2026-11-20T09:15:00.000Z',
  actor: { _id: 'u1', name: 'Rahima', email: 'rahima@shop.test', role: 'ADMIN' },
  ip: '203.0.113.7',
  kind: 'product',
  action: 'update',
  target_id: 'p1',
  target_label: 'Kettle',
  before: { price: 1000, stock: 5 },
  after: { price: 1200, stock: 9 },
};
const statusChange = {
  ...priceEdit,
  _id: 'e2',
  actor: { _id: 'u2', name: 'Karim', email: 'karim@shop.test', role: 'ORDERS' },
  kind: 'order_status',
  target_label: 'HT-1001',
  before: { status: 'Pending' },
  after: { status: 'Delivered' },
};
const people = [
  { _id: 'u1', name: 'Rahima', email: 'rahima@shop.test' },
  { _id: 'u2', name: 'Karim', email: 'karim@shop.test' },
];
const page = (entries: unknown[]) => ({ body: envelope(entries, '', { totalCount: entries.length, totalPages: 1, people }) });

describe('Audit log page (issue 28)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it('lists who changed what, when in Dhaka time, from where, before → after; filters by person, kind and date', async () => {
    const api = fakeApi({ 'GET audit': (call) => (call.path.includes('kind=order_status') ? page([statusChange]) : page([priceEdit, statusChange])) });
    renderPage(<AuditPage />);
    const list = await screen.findByRole('list', { name: 'Audit log' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByText(/Product changed/)).toBeInTheDocument();
    expect(within(first).getByText(/Kettle/)).toBeInTheDocument();
    expect(within(first).getByText('20 Nov 2026, 15:15')).toBeInTheDocument();
    expect(within(first).getByText(/Rahima \(Owner\)/)).toBeInTheDocument();
    expect(within(first).getByText('203.0.113.7')).toBeInTheDocument();
    const price = within(first).getByRole('row', { name: /price/ });
    expect(price).toHaveTextContent('price');
    expect(price.textContent).toMatch(/১,০০০.*→.*১,২০০/);
    expect(within(first).getByRole('row', { name: /stock/ })).toHaveTextContent('5 → 9');
    expect(within(list).getByRole('row', { name: /status/ })).toHaveTextContent('Pending → Delivered');

    const filters = screen.getByRole('form', { name: 'Filters' });
    await userEvent.selectOptions(within(filters).getByLabelText('Kind'), 'order_status');
    await userEvent.selectOptions(within(filters).getByLabelText('Person'), 'u2');
    await userEvent.type(within(filters).getByLabelText('From'), '2026-11-01');
    const last = api.sent('GET', 'audit').at(-1)!.path;
    expect(last).toContain('kind=order_status');
    expect(last).toContain('person=u2');
    expect(last).toContain('from=2026-11-01');
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
  });

  it('speaks Bangla', async () => {
    fakeApi({ 'GET audit': page([priceEdit]) });
    await changeLanguage('bn');
    renderPage(<AuditPage />);
    expect(await screen.findByRole('heading', { name: 'পরিবর্তনের খাতা' })).toBeInTheDocument();
    expect(await screen.findByText(/পণ্য বদলানো হয়েছে/)).toBeInTheDocument();
    expect(screen.getByText(/Rahima \(মালিক\)/)).toBeInTheDocument();
  });
});
