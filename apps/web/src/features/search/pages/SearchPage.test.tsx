import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCount } from '@/i18n/format';
import { envelope, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { SearchPage } from './SearchPage';

/** Stubs the network only: get-all-products answers `total` products, 20 a page. */
function stubApi(total: number) {
  const calls: URLSearchParams[] = [];
  fakeApi({
    'GET delivery-settings': { body: envelope({ freeDelivery: false, insideDhaka: 50, outsideDhaka: 100 }) },
    'GET product/get-all-products': (call) => {
      const query = new URLSearchParams(call.path.split('?')[1] ?? '');
      calls.push(query);
      const page = Number(query.get('page'));
      const count = Math.max(0, Math.min(20, total - (page - 1) * 20));
      const data = Array.from({ length: count }, (_, i) => ({ _id: `p${page}x${i}`, name: `Product ${page}-${i}`, image: [], unit: '1 pc', price: 100, discount: 0, stock: 3 }));
      return { body: envelope(data, '', { totalCount: total, totalPages: Math.max(1, Math.ceil(total / 20)) }) };
    },
  });
  return calls;
}

function renderAt(url: string) {
  renderPage(<SearchPage />, { path: '/search-page', url });
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

  // Where Haat differs (docs/spec-differences.md): the spec shows the message once no pages are left, even under results.
  it('does not say nothing was found under results that are all loaded', async () => {
    stubApi(3);
    renderAt('/search-page?search=kettle');
    expect(await screen.findByText('Product 1-2')).toBeInTheDocument();
    expect(screen.getByText(`${formatCount(3)} products`)).toBeInTheDocument();
    expect(screen.queryByText('No Data Found For this search')).not.toBeInTheDocument();
  });
});
