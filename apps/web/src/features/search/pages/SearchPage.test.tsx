import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCount } from '@haat/shared/money';
import { SearchPage } from './SearchPage';

/** Stubs the network only: get-all-products answers `total` products, 20 a page. */
function stubApi(total: number) {
  const calls: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://x');
      if (!url.pathname.endsWith('get-all-products')) return Response.json({ success: true, error: false, message: '', data: { freeDelivery: false, insideDhaka: 50, outsideDhaka: 100 } });
      calls.push(url.searchParams);
      const page = Number(url.searchParams.get('page'));
      const count = Math.max(0, Math.min(20, total - (page - 1) * 20));
      const data = Array.from({ length: count }, (_, i) => ({ _id: `p${page}x${i}`, name: `Product ${page}-${i}`, image: [], unit: '1 pc', price: 100, discount: 0, stock: 3 }));
      return Response.json({ success: true, error: false, message: '', data, totalCount: total, totalPages: Math.max(1, Math.ceil(total / 20)) });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/search-page', element: <SearchPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('SearchPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows 20 placeholders, then the results with the heading and the loaded count', async () => {
    const calls = stubApi(45);
    renderAt('/search-page?search=samsung');
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(20);
    expect(await screen.findByText('Product 1-0')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Search Result for: samsung' })).toBeInTheDocument();
    expect(screen.getByText(`${formatCount(20)} products`)).toBeInTheDocument();
    expect(calls[0]!.get('search')).toBe('samsung');
    expect(calls[0]!.get('page')).toBe('1');
    expect(calls[0]!.get('limit')).toBe('20');
  });

  it("says 'No Data Found For this search' with an image when nothing matches", async () => {
    stubApi(0);
    renderAt('/search-page?search=zzz');
    expect(await screen.findByText('No Data Found For this search')).toBeInTheDocument();
    expect(document.querySelector('img[src="/no-data.svg"]')).not.toBeNull();
  });
});
