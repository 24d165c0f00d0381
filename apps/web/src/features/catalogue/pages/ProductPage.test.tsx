import { act, screen, within } from '@testing-library/react';
import { formatTaka } from '@haat/shared/money';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { ProductPage } from './ProductPage';

const product = {
  _id: 'p1',
  name: 'Aarong Embroidered Kurti - Red',
  name_bn: 'Aarong এমব্রয়ডারি করা কুর্তি - লাল',
  description: 'A soft kurti.',
  description_bn: '',
  product_details: '',
  product_details_bn: '',
  unit: 'Pack of 3',
  price: 2490,
  discount: 10,
  image: [],
  stock: 12,
  quantity: 5,
  more_details: { Brand: 'Aarong', Colour: 'Red', Origin: 'Bangladesh', Warranty: '1 year + 6 months service', Fabric: 'Cotton voile' },
  category: [{ _id: 'c1', name: 'Fashion' }],
  subCategory: [{ _id: 's1', name: "Women's Clothing" }],
  publish: true,
  createdAt: '2026-11-01T00:00:00.000Z',
};

function openProduct(shown: Partial<typeof product> = {}) {
  fakeApi({
    'GET product/get-product-details': { body: envelope({ ...product, ...shown }) },
    'GET delivery-settings': { body: envelope({ freeDelivery: false, insideDhaka: 60, outsideDhaka: 120 }) },
  });
  renderPage(<ProductPage />, { path: '/product/:productSegment', url: '/product/aarong-kurti-p1' });
}

const detailRows = () => screen.getAllByRole('term').map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`);

describe('the product page in one language (issue 19)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('in Bangla shows the Bangla name, unit, detail labels and the values Bangla has; the rest as the owner typed', async () => {
    await act(() => changeLanguage('bn'));
    openProduct();
    expect(await screen.findByRole('heading', { level: 1, name: 'Aarong এমব্রয়ডারি করা কুর্তি - লাল' })).toBeInTheDocument();
    expect(screen.getAllByText('৩টির প্যাক').length).toBeGreaterThan(0);
    expect(screen.getByText('১০% ছাড়')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'পণ্যের বিবরণ' })).toBeInTheDocument();
    expect(detailRows()).toEqual([
      'বিবরণ: A soft kurti.',
      'একক: ৩টির প্যাক',
      'ব্র্যান্ড: Aarong',
      'রং: লাল',
      'উৎপত্তি: বাংলাদেশ',
      'ওয়ারেন্টি: ১ বছর + ৬ মাস সার্ভিস',
      'Fabric: Cotton voile',
    ]);
  });

  it('in English shows everything as the owner typed it', async () => {
    openProduct();
    expect(await screen.findByRole('heading', { level: 1, name: 'Aarong Embroidered Kurti - Red' })).toBeInTheDocument();
    expect(screen.getByText('10% Discount')).toBeInTheDocument();
    expect(detailRows()).toEqual([
      'Description: A soft kurti.',
      'Unit: Pack of 3',
      'Brand: Aarong',
      'Colour: Red',
      'Origin: Bangladesh',
      'Warranty: 1 year + 6 months service',
      'Fabric: Cotton voile',
    ]);
  });

  it('shows the Details bullets in the page’s language, the English ones where the owner gave no Bangla (issue 42)', async () => {
    const bullets = { product_details: '• Hand embroidered\n• Dry clean only', product_details_bn: '• হাতে সূচিকর্ম\n• শুধু ড্রাই ক্লিন' };
    openProduct(bullets);
    expect(await screen.findByTestId('product-bullets')).toHaveTextContent('• Hand embroidered • Dry clean only');
    await act(() => changeLanguage('bn'));
    await vi.waitFor(() => expect(screen.getByTestId('product-bullets')).toHaveTextContent('• হাতে সূচিকর্ম • শুধু ড্রাই ক্লিন'));
    expect(screen.getByTestId('product-bullets')).not.toHaveTextContent(/[A-Za-z]/);
    expect(document.title).toBe('Aarong এমব্রয়ডারি করা কুর্তি - লাল | Haat');
  });

  it('without Bangla bullets, a Bangla page shows the English ones rather than none', async () => {
    await act(() => changeLanguage('bn'));
    openProduct({ product_details: '• Hand embroidered' });
    expect(await screen.findByTestId('product-bullets')).toHaveTextContent('• Hand embroidered');
  });

  it('says the delivery charge, the delivery time and the return terms, with the policy pages a click away (issue 27)', async () => {
    openProduct();
    const promises = await screen.findByRole('region', { name: 'Delivery and returns' });
    await vi.waitFor(() => expect(promises).toHaveTextContent(`Delivery charge: Inside Dhaka ${formatTaka(60)} · Outside Dhaka ${formatTaka(120)}`));
    expect(promises).toHaveTextContent('Delivery time: Inside Dhaka within 5 days · Elsewhere within 10 days');
    expect(promises).toHaveTextContent('Returns: Return or exchange within 7 days of delivery.');
    expect(within(promises).getAllByRole('link', { name: 'Return & Refund Policy' })[0]).toHaveAttribute('href', '/policy/returns');
    for (const [name, href] of [['Terms and Conditions', '/policy/terms'], ['Delivery Policy', '/policy/delivery'], ['Privacy Policy', '/policy/privacy']]) {
      expect(within(promises).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await act(() => changeLanguage('bn'));
    expect(await within(promises).findByText(/ঢাকার ভেতরে ৫ দিনের মধ্যে · অন্যত্র ১০ দিনের মধ্যে/)).toBeInTheDocument();
    expect(promises).toHaveTextContent('ডেলিভারির ৭ দিনের মধ্যে ফেরত বা বদল করা যায়।');
  });
});
