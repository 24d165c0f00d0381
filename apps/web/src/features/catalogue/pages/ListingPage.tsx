import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  PRODUCT_SORTS,
  SEARCH_SCROLL_THROTTLE_MS,
  SEARCH_SCROLL_TRIGGER,
  SKELETON_PRODUCT_CARDS,
  SKELETON_SUBCATEGORY_ROWS,
  type ProductSort,
} from '@haat/shared/constants';
import { parseListingSegments } from '@haat/shared/slug';
import { paths } from '@haat/shared/paths';
import { NotFound } from '@/components/NotFound';
import { OfflinePage } from '@/components/OfflineNotice';
import { ProductCard, ProductCardSkeleton, Skeletons } from '@/components/ProductCard';
import { ProductImage } from '@/components/ProductImage';
import { errorMessage } from '@/lib/api';
import { cannotLoadOffline } from '@/lib/online';
import { categoriesQuery, subCategoriesQuery, useCategories, useSubCategories } from '@/lib/catalogue';
import { productSurfaceReads, type PageReads } from '@/app/pageReads';
import { useLocalName } from '@/i18n/localName';
import { useScrollPaging } from '@/lib/scrollPaging';
import { listingProductsQuery, useListingProducts } from '../api/getListingProducts';
import { useT } from '@/i18n';
import { CATALOGUE_NS } from '../locales';


/** What the server reads before rendering the page (decision 0094): the names, and the first page, newest first. */
export const listingReads: PageReads = async (read, { params }) => {
  const route = parseListingSegments(params.categorySegment, params.subCategorySegment);
  if (!route) return;
  await Promise.all([
    read.query(categoriesQuery),
    read.query(subCategoriesQuery),
    read.infinite(listingProductsQuery(route.categoryId, route.subCategoryId, DEFAULT_SORT)),
    productSurfaceReads(read),
  ]);
};
const DEFAULT_SORT: ProductSort = 'newest';

/** /{category-slug}-{id}/{subcategory-slug}-{id} (spec §2 Listing). */
export function ListingPage() {
  const { categorySegment, subCategorySegment } = useParams();
  const route = parseListingSegments(categorySegment, subCategorySegment);
  if (!route) return <NotFound />;
  return <Listing key={`${route.categoryId}/${route.subCategoryId}`} {...route} />;
}

function Listing({ categoryId, subCategoryId, heading }: { categoryId: string; subCategoryId: string; heading: string }) {
  const t = useT(CATALOGUE_NS, 'listing');
  const nameOf = useLocalName();
  const [sort, setSort] = useState<ProductSort>(DEFAULT_SORT);
  const categories = useCategories();
  const subCategories = useSubCategories();
  const category = categories.data?.find((c) => c._id === categoryId);
  const siblings = subCategories.data?.filter((s) => s.category.some((c) => c._id === categoryId)) ?? [];
  const current = subCategories.data?.find((s) => s._id === subCategoryId);
  const title = current ? nameOf(current) : heading;
  const categoryName = category ? nameOf(category) : '';

  const listing = useListingProducts(categoryId, subCategoryId, sort);
  const products = listing.data?.pages.flatMap((p) => p.data) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = listing;
  useScrollPaging({
    trigger: SEARCH_SCROLL_TRIGGER,
    throttleMs: SEARCH_SCROLL_THROTTLE_MS,
    enabled: hasNextPage && !isFetchingNextPage && !listing.isPending,
    onNext: fetchNextPage,
  });

  useEffect(() => {
    if (title) document.title = `${title}${categoryName ? ` - ${categoryName}` : ''} | Haat`;
  }, [title, categoryName]);

  const notFound = (listing.error as { status?: number } | null)?.status === 404;
  // Offline and this listing never kept by the service worker: the offline page instead of endless skeletons.
  const offline = !listing.data && cannotLoadOffline(listing);
  if (notFound) return <NotFound />;

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[84px_1fr] md:grid-cols-[200px_1fr] lg:grid-cols-[240px_1fr]">
      <nav aria-label={t('subCategories')} className="sticky top-16 h-[calc(100dvh-4rem)] overflow-y-auto border-r border-slate-200 bg-white scrollbar-none">
        {subCategories.isPending ? (
          <Skeletons
            count={SKELETON_SUBCATEGORY_ROWS}
            render={(i) => (
              <div key={i} data-testid="subcategory-skeleton" className="flex animate-pulse flex-col items-center gap-2 p-2 md:flex-row">
                <div className="h-12 w-12 rounded-lg bg-slate-200" />
                <div className="h-3 w-14 rounded bg-slate-200 md:w-24" />
              </div>
            )}
          />
        ) : (
          <ul>
            {siblings.map((s) => {
              const active = s._id === subCategoryId;
              return (
                <li key={s._id}>
                  <Link
                    to={category ? paths.listing(category, s) : '#'}
                    aria-current={active ? 'page' : undefined}
                    className={`flex flex-col items-center gap-1 border-l-4 p-2 text-center text-xs md:flex-row md:gap-3 md:text-left md:text-sm ${
                      active ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700' : 'border-transparent text-slate-700 hover:bg-slate-50'
                    }`}
                  >
                    <ProductImage src={s.image[0]} alt="" sizes="56px" size={200} className="h-12 w-12 shrink-0 rounded-lg bg-white" />
                    <span className="line-clamp-2">{nameOf(s)}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </nav>

      <section className="min-w-0">
        <div className="sticky top-16 z-10 flex items-center justify-between gap-2 border-b border-slate-200 bg-white/95 px-3 py-3 backdrop-blur">
          <h1 className="truncate text-base font-semibold text-slate-800 md:text-lg">
            {/* The name as the admin wrote it; the URL's slug (lower case) only when the sub-category is unknown. */}
            {current || !subCategories.isPending ? title : <span aria-hidden className="inline-block h-5 w-40 animate-pulse rounded bg-slate-200 align-middle" />}
          </h1>
          <label className="flex shrink-0 items-center gap-1 text-xs text-slate-600 md:text-sm">
            <span className="sr-only sm:not-sr-only">{t('sort')}</span>
            <select value={sort} onChange={(e) => setSort(e.target.value as ProductSort)} className="rounded border border-slate-300 bg-white px-1 py-1">
              {PRODUCT_SORTS.map((s) => (
                <option key={s} value={s}>{t(s)}</option>
              ))}
            </select>
          </label>
        </div>
        {offline ? <OfflinePage /> : listing.isError && <p className="m-3 rounded-lg bg-red-50 p-3 text-sm text-red-700">{errorMessage(listing.error)}</p>}
        {/* Screen readers' outline: h1 page, h2 products, h3 each card (heading order). */}
        <h2 className="sr-only">{t('products')}</h2>
        <div className="grid grid-cols-2 gap-2 p-2 sm:grid-cols-3 md:gap-3 md:p-3 lg:grid-cols-4 xl:grid-cols-5">
          {listing.isPending ? (
            !offline && <Skeletons count={SKELETON_PRODUCT_CARDS} render={(i) => <ProductCardSkeleton key={i} />} />
          ) : (
            <>
              {products.map((p) => <ProductCard key={p._id} product={p} />)}
              {isFetchingNextPage && <Skeletons count={SKELETON_PRODUCT_CARDS} render={(i) => <ProductCardSkeleton key={`more-${i}`} />} />}
            </>
          )}
        </div>
        {!listing.isPending && !listing.isError && products.length === 0 && (
          <p className="p-8 text-center text-slate-600">{t('noProducts', { title })}</p>
        )}
      </section>
    </div>
  );
}
