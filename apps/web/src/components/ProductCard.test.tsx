import { act, screen, within } from '@testing-library/react';
import { changeLanguage } from '@/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTaka } from '@haat/shared/money';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { ProductCard, type CardProduct } from './ProductCard';

const product: CardProduct = { _id: 'p1', name: 'Samsung Galaxy A15', image: ['/uploads/products/abc.webp'], unit: '1 pc', price: 1000, discount: 15, stock: 5 };

/** The network answers delivery settings; everything else is our own code. */
function renderCard(p: CardProduct, freeDelivery: boolean) {
  fakeApi({ 'GET delivery-settings': { body: envelope({ freeDelivery, insideDhaka: 50, outsideDhaka: 100 }) } });
  renderPage(<ProductCard product={p} />);
}

describe('ProductCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first image, name, unit, discounted price, struck original and -{discount}%', async () => {
    renderCard(product, false);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', '/product/samsung-galaxy-a15-p1');
    const img = within(link).getByRole('img', { name: 'Samsung Galaxy A15' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
    expect(img.getAttribute('srcset')).toContain('/uploads/products/abc.w200.webp 200w');
    expect(screen.getByText('1 pc')).toBeInTheDocument();
    expect(screen.getByText(formatTaka(850))).toBeInTheDocument();
    expect(screen.getByText(formatTaka(1000)).tagName).toBe('S');
    expect(screen.getByText('-15%')).toBeInTheDocument(); // the interface's digits; amounts stay bn-BD (decision 0050)
    expect(screen.queryByText('Out of Stock')).toBeNull();
    // Let the settings arrive: still no badge when free delivery is off.
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Free Delivery')).toBeNull();
  });

  it('shows the stars and the count of reviews when the product has some, in the page’s language (issue 47)', async () => {
    renderCard({ ...product, rating: { average: 4.5, count: 12 } }, false);
    expect(await screen.findByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('(12)')).toBeInTheDocument();
    await act(() => changeLanguage('bn'));
    expect(await screen.findByRole('img', { name: '৫-এর মধ্যে ৪.৫ রেটিং' })).toBeInTheDocument();
    expect(screen.getByText('(১২)')).toBeInTheDocument();
    await act(() => changeLanguage('en'));
  });

  it('shows no stars for a product without reviews', () => {
    renderCard(product, false);
    expect(screen.queryByTestId('stars')).toBeNull();
  });

  it('shows neither original nor percent without a discount, and Out of Stock at stock 0', () => {
    renderCard({ ...product, discount: 0, stock: 0 }, false);
    expect(screen.getByText(formatTaka(1000))).toBeInTheDocument();
    expect(screen.queryByText(/%/)).toBeNull();
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
  });

  it('shows the Free Delivery badge when the settings say so', async () => {
    renderCard(product, true);
    expect(await screen.findByText('Free Delivery')).toBeInTheDocument();
  });
});

describe('ProductCard of a product whose variants cost differently (issue 21)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "From" the cheapest price, in English and in Bangla', async () => {
    renderCard({ ...product, discount: 0, price: 450, price_varies: true }, false);
    expect(screen.getByText(`From ${formatTaka(450)}`)).toBeInTheDocument();
    await act(() => changeLanguage('bn'));
    expect(screen.getByText(`${formatTaka(450)} থেকে`)).toBeInTheDocument();
  });

  it('shows the plain price when the prices do not vary', () => {
    renderCard({ ...product, discount: 0, price: 450, price_varies: false }, false);
    expect(screen.getByText(formatTaka(450))).toBeInTheDocument();
    expect(screen.queryByText(/From/)).toBeNull();
  });
});
