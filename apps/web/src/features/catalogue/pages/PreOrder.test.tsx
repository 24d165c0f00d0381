import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { ProductPage } from './ProductPage';

/** Issue 44 (decision 0114): a product not ready to ship says when it ships, in the page's language. */
const product = {
  _id: 'p1',
  name: 'Winter shawl',
  name_bn: 'শীতের শাল',
  description: 'Warm.',
  description_bn: '',
  product_details: '',
  product_details_bn: '',
  unit: '1 piece',
  price: 1500,
  discount: 0,
  image: [],
  stock: 12,
  quantity: 5,
  more_details: {},
  category: [{ _id: 'c1', name: 'Fashion' }],
  subCategory: [{ _id: 's1', name: "Women's Clothing" }],
  publish: true,
  createdAt: '2026-11-01T00:00:00.000Z',
};

function openProduct(shipsOn: string | null) {
  fakeApi({
    'GET product/get-product-details': { body: envelope({ ...product, ships_on: shipsOn }) },
    'GET delivery-settings': { body: envelope({ freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 }) },
  });
  renderPage(<ProductPage />, { path: '/product/:productSegment', url: '/product/winter-shawl-p1' });
}

describe('a pre-order on the product page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('in English', async () => {
    openProduct('2027-01-15');
    expect(await screen.findByTestId('ships-on')).toHaveTextContent('Pre-order: not ready to ship yet. Ships on 15 January 2027.');
  });

  it('in Bangla, with Bengali digits', async () => {
    await act(() => changeLanguage('bn'));
    openProduct('2027-01-15');
    const line = await screen.findByTestId('ships-on');
    expect(line.textContent).toMatch(/^প্রি-অর্ডার: এখনো পাঠানোর জন্য তৈরি নয়। পাঠানো হবে ১৫ জানুয়ারি, ২০২৭।$/);
    expect(line.textContent).not.toMatch(/[A-Za-z0-9]/);
  });

  it('a product ready to ship says nothing of it', async () => {
    openProduct(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter shawl' })).toBeInTheDocument();
    expect(screen.queryByTestId('ships-on')).not.toBeInTheDocument();
  });
});
