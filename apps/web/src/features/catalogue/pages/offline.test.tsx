import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test-utils';
import { envelope, fakeApi } from '@/test-api';
import { ListingPage } from './ListingPage';
import { ProductPage } from './ProductPage';

describe('catalogue pages offline', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the offline page, not an endless skeleton, for a product this device never kept', async () => {
    // No network at all: every request fails the way the browser's fetch does.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderPage(<ProductPage />, { path: '/product/:productSegment', url: '/product/samsung-galaxy-p1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    expect(screen.getByText('This page has not been saved on this device yet. Connect to the internet and try again.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('shows the offline page in place of the products of a listing this device never kept', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // The category lists were kept (the service worker answers them); the listing's products were not.
    const api = fakeApi({
      'GET category/get-category': { body: envelope([{ _id: 'c1', name: 'Electronics', image: '/uploads/categories/c.webp' }]) },
      'GET subcategory/get-subcategories': { body: envelope([{ _id: 's1', name: 'Laptops', image: ['/uploads/s.webp'], category: [{ _id: 'c1', name: 'Electronics' }] }]) },
    });
    const answer = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('get-product-by-category-and-subcategory')) throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    renderPage(<ListingPage />, { path: '/:categorySegment/:subCategorySegment', url: '/electronics-c1/laptops-s1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Laptops' })).toBeVisible();
  });
});
