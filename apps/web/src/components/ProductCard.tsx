import { Link } from 'react-router';
import { discountedPrice } from '@haat/shared/pricing';
import { formatTaka } from '@haat/shared/money';
import { formatCount } from '@/i18n/format';
import type { Product } from '@haat/shared/schemas/catalogue';
import { paths } from '@haat/shared/paths';
import { useDeliverySettings } from '@/state/delivery';
import { ProductImage } from './ProductImage';
import { usePriceText } from './priceText';
import { OfferBadges } from './OfferBadges';
import { Stars } from './Stars';
import { useT } from '@/i18n';
import { COMPONENTS_NS } from './locales';
import { useLocalName, useLocalUnit } from '@/i18n/localName';

export type CardProduct = Pick<Product, '_id' | 'name' | 'image' | 'unit' | 'price' | 'discount' | 'stock'> & Partial<Pick<Product, 'name_bn' | 'category' | 'subCategory' | 'price_varies' | 'rating'>>;

/** Spec §2 Product card: first image, name, unit, discounted price ("From …" when variants cost differently), original and -{discount}%, badges. */
export function ProductCard({ product, sizes = '(min-width: 1024px) 20vw, (min-width: 768px) 33vw, 50vw' }: { product: CardProduct; sizes?: string }) {
  const t = useT(COMPONENTS_NS);
  const nameOf = useLocalName();
  const unitOf = useLocalUnit();
  const priceText = usePriceText();
  const name = nameOf(product);
  const freeDelivery = useDeliverySettings().data?.freeDelivery === true;
  const price = discountedPrice(product.price, product.discount);
  const outOfStock = product.stock <= 0;
  return (
    <Link
      to={paths.product(product)}
      className="group flex h-full flex-col gap-1.5 rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition hover:border-brand-500 hover:shadow-md"
    >
      <div className="relative aspect-square w-full overflow-hidden rounded-lg bg-slate-50">
        <ProductImage src={product.image[0]} alt={name} sizes={sizes} className="h-full w-full transition group-hover:scale-105" />
      </div>
      <div className="flex min-h-5 flex-wrap gap-1">
        {freeDelivery && <span className="rounded bg-brand-50 px-1.5 py-0.5 text-[11px] font-semibold text-brand-700">{t('freeDelivery')}</span>}
        <OfferBadges product={product} />
        {outOfStock && <span className="rounded bg-red-50 px-1.5 py-0.5 text-[11px] font-semibold text-red-700">{t('outOfStock')}</span>}
      </div>
      <h3 className="line-clamp-2 min-h-10 text-sm font-medium leading-5 text-slate-800">{name}</h3>
      <p className="text-xs text-slate-500">{unitOf(product.unit)}</p>
      {product.rating && <Stars value={product.rating.average} count={product.rating.count} size="text-xs" />}
      <div className="mt-auto flex flex-wrap items-baseline gap-x-2">
        <span className="font-bold text-slate-900">{priceText(price, product.price_varies)}</span>
        {product.discount > 0 && (
          // Old price and discount at 14 px, slate-600 and brand-700 on white: contrast 7.6:1 and 5.0:1 (WCAG AA needs 4.5:1).
          <span className="text-sm text-slate-600" data-testid="card-old-price">
            <s>{formatTaka(product.price)}</s> <span className="font-semibold text-brand-700">-{formatCount(product.discount)}%</span>
          </span>
        )}
      </div>
    </Link>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="flex h-full animate-pulse flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3" data-testid="product-card-skeleton">
      <div className="aspect-square w-full rounded-lg bg-slate-200" />
      <div className="h-4 w-3/4 rounded bg-slate-200" />
      <div className="h-4 w-1/2 rounded bg-slate-200" />
      <div className="h-3 w-1/3 rounded bg-slate-200" />
      <div className="mt-auto h-5 w-1/2 rounded bg-slate-200" />
    </div>
  );
}

export function Skeletons({ count, render }: { count: number; render: (i: number) => React.ReactNode }) {
  return <>{Array.from({ length: count }, (_, i) => render(i))}</>;
}
