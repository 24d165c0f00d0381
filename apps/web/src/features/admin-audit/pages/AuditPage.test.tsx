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
  target_label_bn: '',
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
/** A variant edit as recorded since issue 42: only the variant that changed, named in both languages, only its changed fields. */
const variantEdit = {
  ...priceEdit,
  _id: 'e3',
  target_label: 'Cotton Kurta',
  target_label_bn: 'সুতি কুর্তা',
  before: { variants: { v2: { label: 'L / Red', label_bn: 'এল / লাল', price: 1500, stock: 2 } }, product_details: '• Cotton' },
  after: { variants: { v2: { label: 'L / Red', label_bn: 'এল / লাল', price: 1550, stock: 6 } }, product_details: '• Cotton\n• Dry clean' },
};
/** The same kind of edit as recorded before issue 42: every variant as a line, before and after. */
const oldVariantEdit = {
  ...priceEdit,
  _id: 'e4',
  target_label: 'Cotton Kurta',
  target_label_bn: '',
  before: { variants: ['Size: M, Colour: Red · KU-M-RED · 1200 − 0% · 5', 'Size: L, Colour: Red · KU-L-RED · 1500 − 0% · 2'], stock: 7 },
  after: { variants: ['Size: M, Colour: Red · KU-M-RED · 1200 − 0% · 5', 'Size: L, Colour: Red · KU-L-RED · 1550 − 0% · 6'], stock: 11 },
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
    const price = within(first).getByRole('row', { name: /Price/ });
    expect(price).toHaveTextContent('Price');
    expect(price.textContent).toMatch(/১,০০০.*→.*১,২০০/);
    expect(within(first).getByRole('row', { name: /Stock/ })).toHaveTextContent('5 → 9');
    expect(within(list).getByRole('row', { name: /Status/ })).toHaveTextContent('Pending → Delivered');

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

  it('a variant edit reads as what changed, in English: the variant, its fields, taka; an older entry still shows (issue 42)', async () => {
    fakeApi({ 'GET audit': page([variantEdit, oldVariantEdit]) });
    renderPage(<AuditPage />);
    const list = await screen.findByRole('list', { name: 'Audit log' });
    const [edit, old] = within(list).getAllByRole('listitem');
    expect(within(edit!).getByText(/Cotton Kurta/)).toBeInTheDocument();
    const variant = within(edit!).getByRole('rowheader', { name: 'Variant · L / Red' }).closest('tr');
    expect(variant).toHaveTextContent('Price ১,৫০০.০০৳ → ১,৫৫০.০০৳; Stock 2 → 6');
    expect(within(edit!).getByRole('row', { name: /Product details/ })).toHaveTextContent(/• Cotton → • Cotton\s+• Dry clean/);
    // Two rows, nothing else: the variants that did not change are not listed.
    expect(within(edit!).getAllByRole('row')).toHaveLength(2);

    // Recorded before: the whole list, a line each, kept.
    const lines = within(old!).getByRole('row', { name: /Variant/ });
    expect(lines).toHaveTextContent('KU-L-RED · 1500 − 0% · 2');
    expect(lines).toHaveTextContent('KU-L-RED · 1550 − 0% · 6');
    expect(within(old!).getByRole('row', { name: /Stock/ })).toHaveTextContent('7 → 11');
  });

  it('a variant edit in Bangla: the Bangla names of the product, the variant and its fields, Bengali digits', async () => {
    const promotionEdit = { ...priceEdit, _id: 'e6', kind: 'promotion', target_label: 'Eid offer', target_label_bn: 'ঈদ অফার', before: { kind: 'percent', value: 10 }, after: { kind: 'bxgy', value: 0 } };
    fakeApi({ 'GET audit': page([variantEdit, promotionEdit]) });
    await changeLanguage('bn');
    renderPage(<AuditPage />);
    const list = await screen.findByRole('list', { name: 'পরিবর্তনের খাতা' });
    const [edit] = within(list).getAllByRole('listitem');
    expect(within(edit!).getByText(/সুতি কুর্তা/)).toBeInTheDocument();
    expect(within(edit!).queryByText(/Cotton Kurta/)).toBeNull();
    const variant = within(edit!).getByRole('rowheader', { name: 'ভ্যারিয়েন্ট · এল / লাল' }).closest('tr');
    expect(variant).toHaveTextContent('দাম ১,৫০০.০০৳ → ১,৫৫০.০০৳; স্টক ২ → ৬');
    expect(within(edit!).getByRole('row', { name: /পণ্যের বিস্তারিত/ })).toBeInTheDocument();
    // Words recorded as values are said in Bangla too.
    const [, promo] = within(list).getAllByRole('listitem');
    expect(within(promo!).getByText(/ঈদ অফার/)).toBeInTheDocument();
    expect(within(promo!).getByRole('rowheader', { name: 'ধরন' }).closest('tr')).toHaveTextContent('শতাংশ ছাড় → কিনলে ফ্রি');
    expect(within(promo!).getByRole('rowheader', { name: 'মান' }).closest('tr')).toHaveTextContent('১০ → ০');
  });

  it('a variant added and one removed say so, with what they held', async () => {
    const added = {
      ...variantEdit,
      _id: 'e5',
      before: { variants: { v1: { label: 'M / Red', sku: 'KU-M-RED', price: 1200, discount: 0, stock: 5, publish: true } } },
      after: { variants: { v1: null, v3: { label: 'XL / Red', sku: 'KU-XL-RED', price: 1600, discount: 10, stock: 4, publish: true } } },
    };
    fakeApi({ 'GET audit': page([added]) });
    renderPage(<AuditPage />);
    const list = await screen.findByRole('list', { name: 'Audit log' });
    expect(within(list).getByRole('rowheader', { name: 'Variant · M / Red' }).closest('tr')).toHaveTextContent('Removed: SKU KU-M-RED; Price ১,২০০.০০৳; Discount 0%; Stock 5; Published yes');
    expect(within(list).getByRole('rowheader', { name: 'Variant · XL / Red' }).closest('tr')).toHaveTextContent('Added: SKU KU-XL-RED; Price ১,৬০০.০০৳; Discount 10%; Stock 4; Published yes');
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
