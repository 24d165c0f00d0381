import { act, screen } from '@testing-library/react';
import { changeLanguage } from '@/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { ListingPage } from './ListingPage';

describe('Listing', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("heads the page with the sub-category's name as written, and shows its picture from the one-item image list", async () => {
    fakeApi({
      'GET category/get-category': { body: envelope([{ _id: 'c1', name: 'Electronics and Gadgets', image: '/uploads/categories/c.webp' }]) },
      'GET subcategory/get-subcategories': {
        body: envelope([{ _id: 's1', name: 'Laptops and PCs', image: ['/uploads/subcategories/l.webp'], category: [{ _id: 'c1', name: 'Electronics and Gadgets' }] }]),
      },
      'GET product/get-product-by-category-and-subcategory': { body: envelope([], '', { totalCount: 0, totalPages: 1 }) },
    });
    renderPage(<ListingPage />, { path: '/:categorySegment/:subCategorySegment', url: '/electronics-and-gadgets-c1/laptops-and-pcs-s1' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Laptops and PCs' });
    expect(heading.className).not.toMatch(/capitalize/);
    const link = screen.getByRole('link', { name: 'Laptops and PCs' });
    expect(link.querySelector('img')).toHaveAttribute('src', '/uploads/subcategories/l.webp');
  });

  it('in Bangla shows the Bangla names the owner gave, and the English one where there is none', async () => {
    fakeApi({
      'GET category/get-category': { body: envelope([{ _id: 'c1', name: 'Fashion and Lifestyle', name_bn: 'ফ্যাশন ও লাইফস্টাইল', image: '' }]) },
      'GET subcategory/get-subcategories': {
        body: envelope([
          { _id: 's1', name: "Men's Clothing", name_bn: 'ছেলেদের পোশাক', image: [''], category: [{ _id: 'c1', name: 'Fashion and Lifestyle', name_bn: 'ফ্যাশন ও লাইফস্টাইল' }] },
          { _id: 's2', name: 'Saree', name_bn: '', image: [''], category: [{ _id: 'c1', name: 'Fashion and Lifestyle', name_bn: 'ফ্যাশন ও লাইফস্টাইল' }] },
        ]),
      },
      'GET product/get-product-by-category-and-subcategory': { body: envelope([], '', { totalCount: 0, totalPages: 1 }) },
    });
    await act(() => changeLanguage('bn'));
    renderPage(<ListingPage />, { path: '/:categorySegment/:subCategorySegment', url: '/fashion-and-lifestyle-c1/mens-clothing-s1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'ছেলেদের পোশাক' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ছেলেদের পোশাক' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Saree' })).toBeInTheDocument();
    expect(document.title).toBe('ছেলেদের পোশাক - ফ্যাশন ও লাইফস্টাইল | Haat');
    // The address keeps the English slug: one URL per page whatever the language.
    expect(screen.getByRole('link', { name: 'ছেলেদের পোশাক' })).toHaveAttribute('href', "/fashion-and-lifestyle-c1/men's-clothing-s1");
  });
});
