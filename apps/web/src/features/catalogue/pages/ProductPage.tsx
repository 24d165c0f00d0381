import { formatDay } from '@/i18n/format';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { MdLocalOffer, MdLocalShipping } from 'react-icons/md';
import { FaBoxesStacked } from 'react-icons/fa6';
import { formatTaka } from '@haat/shared/money';
import { discountedPrice } from '@haat/shared/pricing';
import { useAdEventOnce } from '@/lib/adEvents';
import type { Product } from '@haat/shared/schemas/catalogue';
import { parseProductSegment } from '@haat/shared/slug';
import { NotFound } from '@/components/NotFound';
import { ProductPromises } from '@/components/ProductPromises';
import { OfflinePage } from '@/components/OfflineNotice';
import { errorMessage } from '@/lib/api';
import { cannotLoadOffline } from '@/lib/online';
import { productSurfaceReads, type PageReads } from '@/app/pageReads';
import { ProductReviews, productReviewsQuery } from '@/features/reviews';
import { productDetailsQuery, useProductDetails } from '../api/getProductDetails';
import { Gallery } from '../components/Gallery';
import { PurchasePanel } from '../components/PurchasePanel';
import { useVariantChoice } from '../hooks/useVariantChoice';
import { currentLang, hasText, useLang, useT } from '@/i18n';
import { CATALOGUE_NS } from '../locales';
import { localName, localUnit, productDescription, productDetails } from '@/i18n/localName';
import { detailValueInBangla } from '@haat/shared/bangla-words';

// Title and text are keys of the 'catalogue' namespace's product texts.
const BENEFITS = [
  { icon: MdLocalShipping, title: 'fastTitle', text: 'fastText' },
  { icon: MdLocalOffer, title: 'pricesTitle', text: 'pricesText' },
  { icon: FaBoxesStacked, title: 'rangeTitle', text: 'rangeText' },
] as const;

/** What the server reads before rendering the page (decision 0094). */
export const productReads: PageReads = (read, { params }) => {
  const id = parseProductSegment(params.productSegment);
  // The first page of its reviews too (issue 47): the server's HTML shows them without scripts.
  return Promise.all([id && read.query(productDetailsQuery(id)), id && read.query(productReviewsQuery(id)), productSurfaceReads(read)]);
};

/** /product/{slug}-{id} or /product/{id} (spec §2 Product detail). */
export function ProductPage() {
  const { productSegment } = useParams();
  const id = parseProductSegment(productSegment);
  if (!id) return <NotFound />;
  return <ProductDetails key={id} id={id} />;
}

/** Sets the document title and meta description for the product (restored on leaving). */
function useProductMeta(product: Product | undefined) {
  const t = useT(CATALOGUE_NS, 'product');
  const lang = currentLang();
  useEffect(() => {
    if (!product) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]') ?? document.head.appendChild(Object.assign(document.createElement('meta'), { name: 'description' }));
    const before = { title: document.title, description: meta.content };
    const name = localName(product, lang);
    document.title = `${name} | Haat`;
    const price = formatTaka(discountedPrice(product.price, product.discount));
    meta.content = t('metaDescription', { name, unit: localUnit(product.unit, lang), price, description: productDescription(product, lang) }).slice(0, 160);
    return () => {
      document.title = before.title;
      meta.content = before.description;
    };
  }, [product, lang, t]);
}

function ProductDetails({ id }: { id: string }) {
  const query = useProductDetails(id);
  const { data: product, isPending, error } = query;
  useProductMeta(product);

  // Offline and never seen on this device (the service worker has no copy): say so in the shopper's language.
  if (!product && cannotLoadOffline(query)) return <OfflinePage />;
  if (isPending) return <ProductSkeleton />;
  if ((error as { status?: number } | null)?.status === 404 || (!error && !product)) return <NotFound />;
  if (error || !product) return <p className="mx-auto max-w-7xl p-4 text-red-700">{errorMessage(error)}</p>;
  return <ProductView product={product} />;
}

function ProductView({ product }: { product: Product }) {
  const t = useT(CATALOGUE_NS, 'product');
  const lang = useLang();
  const choice = useVariantChoice(product);
  const name = localName(product, lang);
  // ViewContent / view_item once per product page, only after the shopper's yes (decision 0131).
  useAdEventOnce('view_item', [{ id: product._id, name: product.name, price: discountedPrice(product.price, product.discount), quantity: 1 }]);
  const unit = localUnit(product.unit, lang);
  const bullets = productDetails(product, lang);
  // The owner's labels and values are English; known ones are said in Bangla (issue 19), the rest as typed.
  const details: [string, string][] = [
    [t('description'), productDescription(product, lang)],
    [t('unit'), unit],
    ...Object.entries(product.more_details).map(([label, value]): [string, string] => [
      hasText(CATALOGUE_NS, `product.detail.${label}`) ? (t as (k: string) => string)(`detail.${label}`) : label, // a label the owner typed: checked by hasText, not by tsc
      (lang === 'bn' && detailValueInBangla(value)) || value,
    ]),
  ];
  return (
    <article className="mx-auto grid max-w-7xl gap-6 px-4 py-4 lg:grid-cols-2 lg:gap-10 lg:py-8">
      <div className="lg:row-span-2">
        {/* A variant's own pictures replace the product's: the gallery starts again at the first. */}
        <Gallery key={choice.shown.image.join(' ')} images={choice.shown.image} name={name} />
      </div>

      <div className="flex flex-col gap-3">
        <h1 className="text-xl font-bold text-slate-900 md:text-2xl">{name}</h1>
        <p className="text-sm text-slate-500">{unit}</p>
        {/* Not ready to ship (a pre-order, issue 44): when it ships, before the buttons. */}
        {product.ships_on && (
          <p data-testid="ships-on" className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">
            {t('shipsOn', { date: formatDay(product.ships_on) })}
          </p>
        )}
        <PurchasePanel product={product} choice={choice} />
        <ProductPromises />

        <section className="mt-2 grid gap-3 sm:grid-cols-3 lg:grid-cols-1">
          <h2 className="sr-only">{t('whyHaat')}</h2>
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <div key={title} className="flex gap-3 rounded-xl bg-slate-50 p-3">
              <Icon aria-hidden className="mt-0.5 shrink-0 text-2xl text-brand-600" />
              <div>
                <h3 className="text-sm font-semibold text-slate-800">{t(title)}</h3>
                <p className="text-xs text-slate-600">{t(text)}</p>
              </div>
            </div>
          ))}
        </section>
      </div>

      <section className="lg:col-start-2">
        <h2 className="text-lg font-semibold text-slate-900">{t('details')}</h2>
        {bullets && <p className="mt-1 whitespace-pre-line text-sm text-slate-700" data-testid="product-bullets">{bullets}</p>}
        <dl className="mt-3 divide-y divide-slate-100 text-sm">
          {details.map(([label, value]) => (
            <div key={label} className="py-2">
              <dt className="font-semibold text-slate-800">{label}</dt>
              <dd className="whitespace-pre-line text-slate-600">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <ProductReviews productId={product._id} />
    </article>
  );
}

function ProductSkeleton() {
  return (
    <div className="mx-auto grid max-w-7xl animate-pulse gap-6 px-4 py-4 lg:grid-cols-2 lg:py-8" data-testid="product-skeleton">
      <div className="aspect-square w-full rounded-2xl bg-slate-200" />
      <div className="flex flex-col gap-3">
        <div className="h-7 w-3/4 rounded bg-slate-200" />
        <div className="h-4 w-1/4 rounded bg-slate-200" />
        <div className="h-10 w-1/3 rounded bg-slate-200" />
        <div className="h-12 w-2/3 rounded bg-slate-200" />
        <div className="h-24 w-full rounded bg-slate-200" />
      </div>
    </div>
  );
}
