import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTaka } from '@haat/shared/money';
import type { Product } from '@haat/shared/schemas/catalogue';
import type { PromotionWithStats } from '@haat/shared/schemas/promotion';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { PromotionsPage } from './PromotionsPage';

const eid: PromotionWithStats = {
  _id: 'p1',
  name: 'Eid offer',
  name_bn: 'ঈদ অফার',
  code: null,
  kind: 'percent',
  value: 10,
  buy_qty: 0,
  get_qty: 0,
  scope: { kind: 'order', ids: [] },
  min_subtotal: 0,
  // 30 Mar 2026 00:00 to 2 Apr 2026 23:59, Dhaka time.
  starts_at: '2026-03-29T18:00:00.000Z',
  ends_at: '2026-04-02T17:59:00.000Z',
  usage_limit: null,
  per_customer_limit: null,
  combines: false,
  active: true,
  used: 3,
  createdAt: '2026-03-01T00:00:00.000Z',
  stats: { orders: 3, discount_taka: 450, sales_taka: 4050 },
};

/** Two products of one name (issue 42): one sold in sizes with SKUs, one in sizes without. */
const panjabi = (id: string, price: number, over: Partial<Product> = {}): Product => ({
  _id: id,
  name: 'Cotton Panjabi',
  name_bn: 'সুতি পাঞ্জাবি',
  description: 'Cotton',
  description_bn: '',
  product_details: '',
  product_details_bn: '',
  unit: '1 piece',
  price,
  discount: 0,
  image: [],
  stock: 5,
  quantity: 10,
  more_details: {},
  category: [],
  subCategory: [],
  publish: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  price_varies: false,
  ...over,
});
const sizes = [{ name: 'Size', name_bn: 'সাইজ', values: [{ value: 'M', value_bn: 'মাঝারি', swatch: '' }, { value: 'L', value_bn: 'বড়', swatch: '' }] }];
const variant = (id: string, sku: string, size: string, price: number) => ({ _id: id, sku, values: [size], price, discount: 0, stock: 3, image: [], publish: true });
const pickerApi = () =>
  fakeApi({
    'GET promotion': { body: envelope([]) },
    'POST product/get-all-products': { body: envelope([panjabi('pa', 1500), panjabi('pb', 1800, { price_varies: true })], '', { totalCount: 2, totalPages: 1 }) },
    'POST product/admin-variants': {
      body: envelope([
        { _id: 'pa', options: sizes, variants: [variant('va1', 'PJ-101-M', 'M', 1500), variant('va2', 'PJ-101-L', 'L', 1500)] },
        { _id: 'pb', options: sizes, variants: [variant('vb1', '', 'M', 1800), variant('vb2', '', 'L', 2000)] },
      ]),
    },
  });

const refusal = (code: string, params: Record<string, string | number>, message: string) => ({ success: false, error: true, code, params, message, data: null });

describe('Promotions page (issue 22)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('lists each promotion with its Dhaka times and its figures over the period', async () => {
    const api = fakeApi({ 'GET promotion': { body: envelope([eid]) } });
    renderPage(<PromotionsPage />);
    const card = await screen.findByTestId('promotion-card');
    expect(card).toHaveTextContent('Eid offer −10 %');
    expect(card).toHaveTextContent('Automatic');
    // Shown in Dhaka time whatever the browser's zone.
    expect(card).toHaveTextContent('30 Mar 2026, 00:00 – 2 Apr 2026, 23:59');
    const stats = within(card).getByTestId('promotion-stats');
    expect(stats).toHaveTextContent(formatTaka(450));
    expect(stats).toHaveTextContent(formatTaka(4050));
    expect(api.sent('GET', 'promotion')[0]?.path).toBe('promotion?days=30');
  });

  it('counts its uses with the plural each number needs, in English and in Bangla (issue 42)', async () => {
    fakeApi({ 'GET promotion': { body: envelope([{ ...eid, used: 1 }, { ...eid, _id: 'p2', used: 2 }]) } });
    renderPage(<PromotionsPage />);
    const cards = await screen.findAllByTestId('promotion-card');
    expect(cards[0]).toHaveTextContent('Used 1 time');
    expect(cards[0]).not.toHaveTextContent('Used 1 times');
    expect(cards[1]).toHaveTextContent('Used 2 times');
    await act(() => changeLanguage('bn'));
    expect(cards[0]).toHaveTextContent('১ বার ব্যবহার হয়েছে');
    expect(cards[1]).toHaveTextContent('২ বার ব্যবহার হয়েছে');
  });

  it('names a mistake at its field before sending, and the server’s refusal at the field it names, in Bangla', async () => {
    // The end typed below (2 Apr 2027) is months ahead whatever today is.
    vi.setSystemTime(new Date('2026-12-01T00:00:00.000Z'));
    const api = fakeApi({
      'GET promotion': { body: envelope([]) },
      'POST promotion': { status: 400, body: refusal('PROMO_CODE_TAKEN', { field: 'code', code: 'EID10' }, 'code: another promotion already has the code EID10.') },
    });
    const ui = userEvent.setup();
    renderPage(<PromotionsPage />);
    await ui.click(await screen.findByRole('button', { name: 'New promotion' }));
    await ui.type(screen.getByLabelText('Value'), '150');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    // The shared schema's messages, each under its field; nothing sent.
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Give the promotion a name.');
    expect(screen.getByLabelText('Value')).toHaveAccessibleDescription('A percent off must be from 1 to 100.');
    expect(screen.getByLabelText('Ends (Dhaka time)')).toHaveAccessibleDescription('Choose a date and time.');
    expect(api.sent('POST', 'promotion')).toHaveLength(0);

    // The same rules in Bangla.
    await act(() => changeLanguage('bn'));
    await ui.click(screen.getByRole('button', { name: 'সংরক্ষণ করুন' }));
    expect(screen.getByLabelText('মান')).toHaveAccessibleDescription('শতাংশ ছাড় ১ থেকে ১০০ এর মধ্যে হতে হবে।');
    expect(screen.getByLabelText('নাম')).toHaveAccessibleDescription('প্রমোশনের একটি নাম দিন।');

    await ui.type(screen.getByLabelText('নাম'), 'Eid offer');
    await ui.clear(screen.getByLabelText('মান'));
    await ui.type(screen.getByLabelText('মান'), '10');
    await ui.type(screen.getByLabelText('ভাউচার কোড (স্বয়ংক্রিয় অফারের জন্য খালি রাখুন)'), 'eid10');
    await ui.type(screen.getByLabelText('শেষ (ঢাকার সময়)'), '2027-04-02T23:59');
    await ui.click(screen.getByRole('button', { name: 'সংরক্ষণ করুন' }));
    const code = screen.getByLabelText('ভাউচার কোড (স্বয়ংক্রিয় অফারের জন্য খালি রাখুন)');
    await vi.waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    // PROMO_CODE_TAKEN in Bangla, not the English text.
    expect(code.getAttribute('aria-describedby')).toBe('promo_code_error');
    expect(document.getElementById('promo_code_error')?.textContent).toContain('EID10');
    expect(document.getElementById('promo_code_error')?.textContent).not.toContain('another promotion');
    // The end was entered in Dhaka time and sent as an instant with Dhaka's offset.
    expect(api.sent('POST', 'promotion')[0]?.body).toMatchObject({ name: 'Eid offer', code: 'eid10', kind: 'percent', value: '10', ends_at: '2027-04-02T23:59:00+06:00' });
  });
  it('the buy-one-get-one product picker tells two products of one name apart: price and SKU, or the variants (issue 42)', async () => {
    const api = pickerApi();
    const ui = userEvent.setup();
    renderPage(<PromotionsPage />);
    await ui.click(await screen.findByRole('button', { name: 'New promotion' }));
    await ui.selectOptions(screen.getByLabelText('Kind'), 'bxgy');
    await ui.selectOptions(screen.getByLabelText('Applies to'), 'products');
    const first = await screen.findByRole('checkbox', { name: /PJ-101-M/ });
    expect(first.closest('label')).toHaveTextContent(`Cotton Panjabi · 1 piece · ${formatTaka(1500)} · SKU PJ-101-M, PJ-101-L`);
    // The other has no SKUs: its sizes say which it is, and its price is "from" the cheapest.
    expect(screen.getByRole('checkbox', { name: /Variants M, L/ }).closest('label')).toHaveTextContent(`Cotton Panjabi · 1 piece · From ${formatTaka(1800)} · Variants M, L`);
    // One question for the page's variants.
    expect(api.sent('POST', 'product/admin-variants').at(-1)?.body).toEqual({ productIds: ['pa', 'pb'] });
  });

  it('the product picker in Bangla: the Bangla names, units and sizes, পণ্য কোড for SKU', async () => {
    pickerApi();
    await changeLanguage('bn');
    const ui = userEvent.setup();
    renderPage(<PromotionsPage />);
    await ui.click(await screen.findByRole('button', { name: 'নতুন অফার' }));
    await ui.selectOptions(screen.getByLabelText('ধরন'), 'bxgy');
    await ui.selectOptions(screen.getByLabelText('কোন পণ্যে'), 'products');
    const first = await screen.findByRole('checkbox', { name: /PJ-101-M/ });
    expect(first.closest('label')).toHaveTextContent(`সুতি পাঞ্জাবি · ১ পিস · ${formatTaka(1500)} · পণ্য কোড PJ-101-M, PJ-101-L`);
    expect(screen.getByRole('checkbox', { name: /ভ্যারিয়েন্ট/ }).closest('label')).toHaveTextContent(`সুতি পাঞ্জাবি · ১ পিস · ${formatTaka(1800)} থেকে · ভ্যারিয়েন্ট মাঝারি, বড়`);
    expect(screen.queryByText(/Cotton Panjabi/)).toBeNull();
  });
});
