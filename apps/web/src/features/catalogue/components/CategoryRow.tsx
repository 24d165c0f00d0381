import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FaAngleLeft, FaAngleRight } from 'react-icons/fa6';
import { HOME_ROW_SCROLL_PX, SKELETON_PRODUCT_CARDS } from '@haat/shared/constants';
import type { Category, SubCategory } from '@haat/shared/schemas/catalogue';
import { paths } from '@haat/shared/paths';
import { ProductCard, ProductCardSkeleton, Skeletons } from '@/components/ProductCard';
import { useCategoryProducts } from '../api/getCategoryProducts';
import { useT } from '@/i18n';
import { useHydrated } from '@/lib/hydrated';
import { useLocalName } from '@/i18n/localName';
import { CATALOGUE_NS } from '../locales';

/** Starts fetching a little before the element scrolls into view, sparing phones rows they never see. */
function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '400px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return [ref, near];
}

/** Home section (spec §2): heading, See All, a horizontal row with arrows on desktop. */
export function CategoryRow({ category, firstSub }: { category: Category; firstSub: SubCategory | undefined }) {
  const t = useT(CATALOGUE_NS);
  const name = useLocalName()(category);
  const [sectionRef, near] = useNearViewport<HTMLElement>();
  const { data, isPending } = useCategoryProducts(category._id, near);
  const rowRef = useRef<HTMLDivElement>(null);
  // The arrows need the scripts: on the server's markup they are shown disabled (the row still scrolls by touch), so a
  // tap before the page is live is not silently lost.
  const live = useHydrated();
  const scroll = (dx: number) => rowRef.current?.scrollBy({ left: dx, behavior: 'smooth' });
  const products = data?.data ?? [];
  if (!isPending && products.length === 0) return null;
  return (
    <section ref={sectionRef} className="py-3" aria-labelledby={`row-${category._id}`}>
      <div className="mb-2 flex items-center justify-between gap-4">
        <h2 id={`row-${category._id}`} className="text-lg font-semibold text-slate-800 md:text-xl">
          {name}
        </h2>
        {firstSub && (
          <Link to={paths.listing(category, firstSub)} className="shrink-0 text-sm font-semibold text-brand-700 hover:underline">
            {t('seeAll')}
          </Link>
        )}
      </div>
      {/* Arrows sit beside the row, never over its edge cards; no scroll snapping, so one click moves exactly HOME_ROW_SCROLL_PX. */}
      <div className="flex items-center gap-2">
        <button
          type="button"
          aria-label={t('scrollLeft', { name })}
          onClick={() => scroll(-HOME_ROW_SCROLL_PX)}
          disabled={!live}
          className="hidden shrink-0 rounded-full border border-slate-200 bg-white p-2 text-lg shadow-md hover:bg-slate-50 disabled:opacity-50 md:block"
        >
          <FaAngleLeft />
        </button>
        <div ref={rowRef} className="scrollbar-none flex min-w-0 flex-1 gap-3 overflow-x-auto scroll-smooth pb-1" data-testid="category-row">
          {isPending ? (
            <Skeletons count={SKELETON_PRODUCT_CARDS} render={(i) => <div key={i} className="w-40 shrink-0 md:w-48"><ProductCardSkeleton /></div>} />
          ) : (
            products.map((p) => (
              <div key={p._id} className="w-40 shrink-0 md:w-48">
                <ProductCard product={p} sizes="192px" />
              </div>
            ))
          )}
        </div>
        <button
          type="button"
          aria-label={t('scrollRight', { name })}
          onClick={() => scroll(HOME_ROW_SCROLL_PX)}
          disabled={!live}
          className="hidden shrink-0 rounded-full border border-slate-200 bg-white p-2 text-lg shadow-md hover:bg-slate-50 disabled:opacity-50 md:block"
        >
          <FaAngleRight />
        </button>
      </div>
    </section>
  );
}
