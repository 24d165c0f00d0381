import { useEffect } from 'react';
import { Link } from 'react-router';
import { SKELETON_CATEGORY_TILES } from '@haat/shared/constants';
import { paths } from '@haat/shared/paths';
import { Skeletons } from '@/components/ProductCard';
import { ProductImage } from '@/components/ProductImage';
import { categoriesQuery, firstSubCategoryOf, subCategoriesQuery, useCategories, useSubCategories } from '@/lib/catalogue';
import { productSurfaceReads, type PageReads } from '@/app/pageReads';
import { categoryProductsQuery } from '../api/getCategoryProducts';
import { currentLang, useT } from '@/i18n';
import { useLocalName } from '@/i18n/localName';
import { CategoryRow } from '../components/CategoryRow';
import { CATALOGUE_NS } from '../locales';

/** What the server reads before rendering the page (decision 0094): the categories, then each one's row. */
export const homeReads: PageReads = async (read) => {
  const [categories] = await Promise.all([read.query(categoriesQuery), read.query(subCategoriesQuery), productSurfaceReads(read)]);
  await Promise.all((categories ?? []).map((c) => read.query(categoryProductsQuery(c._id))));
};

/** Home (spec §2): banner, category grid, one row per category. */
export function HomePage() {
  const t = useT(CATALOGUE_NS, 'home');
  const bannerSuffix = currentLang() === 'bn' ? '.bn' : '';
  const nameOf = useLocalName();
  const categories = useCategories();
  const subCategories = useSubCategories();
  const loading = categories.isPending || subCategories.isPending;
  const tileCount = loading ? SKELETON_CATEGORY_TILES : Math.max(categories.data?.length ?? 0, 1);

  useEffect(() => {
    document.title = t('title');
  }, [t]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-4">
      {/* The page's title for screen readers' outline; the banner says it in pictures (issue 19). */}
      <h1 className="sr-only">{t('heading')}</h1>
      {/* The banner's words are drawn in the picture: one picture per language. */}
      <picture>
        <source media="(min-width: 768px)" srcSet={`/banner-desktop${bannerSuffix}.svg`} width={1200} height={300} />
        <img
          src={`/banner-mobile${bannerSuffix}.svg`}
          width={600}
          height={300}
          alt={t('banner')}
          className="h-auto w-full rounded-2xl bg-brand-50"
          fetchPriority="high"
        />
      </picture>

      {/* On wider screens as many columns as there are categories (up to 8, 10), so the strip is filled. */}
      <section
        aria-label={t('categories')}
        style={{ '--md-cols': Math.min(tileCount, 8), '--lg-cols': Math.min(tileCount, 10) } as React.CSSProperties}
        className="mt-5 grid grid-cols-4 gap-2 sm:grid-cols-6 md:grid-cols-[repeat(var(--md-cols),minmax(0,1fr))] lg:grid-cols-[repeat(var(--lg-cols),minmax(0,1fr))]"
      >
        {loading ? (
          <Skeletons count={SKELETON_CATEGORY_TILES} render={(i) => <div key={i} data-testid="category-skeleton" className="aspect-[4/5] animate-pulse rounded-xl bg-slate-200" />} />
        ) : (
          categories.data?.map((category) => {
            const sub = firstSubCategoryOf(category._id, subCategories.data);
            const tile = (
              <>
                <ProductImage src={category.image} alt="" sizes="(min-width: 768px) 120px, 25vw" size={200} className="aspect-square w-full rounded-lg bg-brand-50" />
                <span className="line-clamp-2 text-center text-xs font-medium text-slate-700">{nameOf(category)}</span>
              </>
            );
            return sub ? (
              <Link key={category._id} to={paths.listing(category, sub)} className="flex flex-col items-center gap-1 rounded-xl p-1 hover:bg-slate-50">
                {tile}
              </Link>
            ) : (
              <div key={category._id} className="flex flex-col items-center gap-1 p-1 opacity-60">{tile}</div>
            );
          })
        )}
      </section>
      {categories.isError && <p className="mt-4 text-red-700">{t('categoriesFailed')}</p>}

      {/* Rows wait for the grid: drawn under the 20 skeleton tiles, they would jump up when it shrinks. */}
      <div className="mt-4">
        {!loading && categories.data?.map((category) => (
          <CategoryRow key={category._id} category={category} firstSub={firstSubCategoryOf(category._id, subCategories.data)} />
        ))}
      </div>
    </div>
  );
}
