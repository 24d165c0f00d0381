import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { ProductPage } from './ProductPage';

const soldOut = {
  _id: 'p1',
  name: 'Cotton Kurta',
  name_bn: 'সুতির কুর্তা',
  description: 'A soft kurta.',
  description_bn: '',
  product_details: '',
  product_details_bn: '',
  unit: '1 pc',
  price: 900,
  discount: 0,
  image: [],
  stock: 0,
  quantity: 5,
  more_details: {},
  category: [{ _id: 'c1', name: 'Fashion' }],
  subCategory: [{ _id: 's1', name: 'Kurta' }],
  publish: true,
  createdAt: '2026-11-01T00:00:00.000Z',
};

/** The form is its own chunk, loaded once the page shows the product sold out: however busy the machine. */
const LAZY = { timeout: 10_000 };

function openSoldOut(answer: object = envelope({ _id: 'a1', product_id: 'p1', variant_id: 'p1', mobile: '017•••••678', already: false })) {
  const api = fakeApi({
    'GET product/get-product-details': { body: envelope(soldOut) },
    'GET delivery-settings': { body: envelope({ freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 }) },
    'POST stock-alert': { status: 'code' in answer ? 409 : 201, body: answer },
  });
  renderPage(<ProductPage />, { path: '/product/:productSegment', url: '/product/cotton-kurta-p1' });
  return api;
}

/** Issue 45, decision 0116: "Tell me when it is back" under a sold-out product, in both languages. */
describe('back-in-stock request on the product page', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLanguage('en'));
  });

  it('in English: a wrong mobile is refused on the page; a right one is sent with the page language and confirmed', async () => {
    const api = openSoldOut();
    expect(await screen.findByText('Out Of Stock')).toBeInTheDocument();
    const mobile = await screen.findByLabelText('Mobile number', {}, LAZY);
    await userEvent.type(mobile, '0171');
    await userEvent.click(screen.getByRole('button', { name: 'Tell me when it is back' }));
    expect(screen.getByText('Valid mobile number required')).toBeInTheDocument();
    expect(api.sent('POST', 'stock-alert')).toHaveLength(0);
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '01712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Tell me when it is back' }));
    expect(await screen.findByText('Done: we will text 017•••••678 when it is back.')).toBeInTheDocument();
    expect(api.sent('POST', 'stock-alert')[0]!.body).toEqual({ product_id: 'p1', mobile: '01712345678', lang: 'en' });
  });

  it('in Bangla: the form, the confirmation and a refusal are in Bangla', async () => {
    await act(() => changeLanguage('bn'));
    const api = openSoldOut();
    expect(await screen.findByRole('heading', { name: 'ফিরে এলে আমাকে জানান' }, LAZY)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('মোবাইল নম্বর'), '০১৭১২৩৪৫৬৭৮');
    await userEvent.click(screen.getByRole('button', { name: 'ফিরে এলে আমাকে জানান' }));
    expect(await screen.findByText('হয়েছে: ফিরে এলে ০১৭•••••৬৭৮ নম্বরে এসএমএস করব।')).toBeInTheDocument();
    expect(api.sent('POST', 'stock-alert')[0]!.body).toEqual({ product_id: 'p1', mobile: '01712345678', lang: 'bn' });
  });

  it('in Bangla, the server’s refusal is said in Bangla', async () => {
    await act(() => changeLanguage('bn'));
    openSoldOut({ success: false, error: true, message: 'This is in stock now: you can order it.', data: null, code: 'STOCK_ALERT_IN_STOCK', params: {} });
    await userEvent.type(await screen.findByLabelText('মোবাইল নম্বর', {}, LAZY), '01712345678');
    await userEvent.click(screen.getByRole('button', { name: 'ফিরে এলে আমাকে জানান' }));
    expect(await screen.findByText('এটি এখন স্টকে আছে: অর্ডার করতে পারেন।')).toBeInTheDocument();
  });
});
