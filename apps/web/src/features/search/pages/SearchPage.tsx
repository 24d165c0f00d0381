import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_PLACEHOLDERS_FIRST,
  SEARCH_PLACEHOLDERS_PAGING,
  SEARCH_SCROLL_THROTTLE_MS,
  SEARCH_SCROLL_TRIGGER,
} from '@haat/shared/constants';
import { formatCount } from '@/i18n/format';
import { ProductCard, ProductCardSkeleton, Skeletons } from '@/components/ProductCard';
import { errorMessage } from '@/lib/api';
import { useScrollPaging } from '@/lib/scrollPaging';
import { productSurfaceReads, type PageReads } from '@/app/pageReads';
import { searchProductsQuery, useSearchProducts } from '../api/searchProducts';
import { useT } from '@/i18n';
import { SEARCH_NS } from '../locales';

/** Follows a value after it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

/** What the server reads before rendering the page (decision 0094): the first page of results for ?search=. */
export const searchReads: PageReads = (read, { url }) =>
  Promise.all([read.infinite(searchProductsQuery((url.searchParams.get('search') ?? '').trim())), productSurfaceReads(read)]);

/** /search-page (spec §2, §4): results for ?search=, more on scroll. */
export function SearchPage() {
  const t = useT(SEARCH_NS);
  const [params] = useSearchParams();
  const query = params.get('search') ?? '';
  // A new term resets to page 1 after 300 ms (a new query key starts at page 1).
  const term = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const results = useSearchProducts(term);
  const products = results.data?.pages.flatMap((p) => p.data) ?? [];
  // 'Search Result for: <1>{{query}}</1>' with the query marked: what <Trans> did, without its
  // parser (4.9 KB gzip of the search page's first load, decision 0082).
  const [before = '', after = ''] = t('resultFor', { query: '\u0000' }).replace(/<\/?1>/g, '').split('\u0000');
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results;

  useEffect(() => {
    document.title = term ? t('title', { term }) : t('titleEmpty');
  }, [term, t]);

  useScrollPaging({
    trigger: SEARCH_SCROLL_TRIGGER,
    throttleMs: SEARCH_SCROLL_THROTTLE_MS,
    enabled: hasNextPage && !isFetchingNextPage && !results.isPending,
    onNext: fetchNextPage,
  });

  const firstLoad = results.isPending || (term !== query.trim() && products.length === 0);
  return (
    <section className="mx-auto max-w-7xl px-4 py-4">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-lg font-semibold text-slate-800">
          {before}
          <span className="text-brand-700">{query}</span>
          {after}
        </h1>
        <p className="text-sm text-slate-500" aria-live="polite">
          {t('products', { count: products.length, n: formatCount(products.length) })}
        </p>
      </div>
      {results.isError && <p className="mb-4 rounded-lg bg-red-50 p-3 text-sm text-red-700">{errorMessage(results.error)}</p>}
      {/* Screen readers' outline: h1 page, h2 products, h3 each card (heading order). */}
      <h2 className="sr-only">{t('productsHeading')}</h2>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3 lg:grid-cols-5" data-testid="search-results">
        {firstLoad ? (
          <Skeletons count={SEARCH_PLACEHOLDERS_FIRST} render={(i) => <ProductCardSkeleton key={i} />} />
        ) : (
          <>
            {products.map((p) => (
              <ProductCard key={p._id} product={p} sizes="(min-width: 1024px) 20vw, (min-width: 768px) 33vw, 100vw" />
            ))}
            {isFetchingNextPage && <Skeletons count={SEARCH_PLACEHOLDERS_PAGING} render={(i) => <ProductCardSkeleton key={`more-${i}`} />} />}
          </>
        )}
      </div>
      {!firstLoad && !results.isError && products.length === 0 && (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <img src="/no-data.svg" alt="" width={200} height={160} className="h-40 w-auto" />
          <p className="text-lg font-semibold text-slate-600">{t('noData')}</p>
        </div>
      )}
    </section>
  );
}
