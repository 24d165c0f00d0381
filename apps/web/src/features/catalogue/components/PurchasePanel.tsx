import { lazy, Suspense, useState } from 'react';
import { useHydrated } from '@/lib/hydrated';
import { useT, currentLang, textsReady } from '@/i18n';
import { formatTaka } from '@haat/shared/money';
import { discountedPrice } from '@haat/shared/pricing';
import type { Product } from '@haat/shared/schemas/catalogue';
import { OfferBadges } from '@/components/OfferBadges';
import { PurchaseActions, type PurchaseProduct } from '@/components/PurchaseActions';
import { QuantityStepper } from '@/components/QuantityStepper';
import { usePriceText } from '@/components/priceText';
import { formatCount } from '@/i18n/format';
import { useDeliverySettings } from '@/state/delivery';
import type { VariantChoice } from '../hooks/useVariantChoice';
import { CATALOGUE_NS } from '../locales';
import { OptionPicker, optionName, optionPickerId } from './OptionPicker';

/** Only a sold-out product loads the request form (issue 45): a first visit's scripts stay as they were. */
const BackInStock = lazy(() => import('./BackInStock'));
/** The wishlist's button, in its feature's chunk (issue 45). */
const WishlistButton = lazy(async () => {
  const { WishlistButton: Button } = await import('@/features/wishlist');
  // Its texts come with it, in the page's language (decision 0082).
  await textsReady();
  return { default: Button };
});

/** Price, offers, the option pickers, quantity and the two buttons: all of the chosen variant (issue 21). */
export function PurchasePanel({ product, choice }: { product: Product; choice: VariantChoice }) {
  const t = useT(CATALOGUE_NS, 'product');
  const bn = currentLang() === 'bn';
  // The lazy parts (back-in-stock form, wishlist button) only once hydrated: on the server a lazy component suspends,
  // and a boundary the server could not finish makes React drop the server's HTML on hydration (error #419).
  const live = useHydrated();
  const priceText = usePriceText();
  const freeDelivery = useDeliverySettings().data?.freeDelivery === true;
  const [qty, setQty] = useState(1);
  const { shown, options, missing } = choice;
  const max = Math.min(product.quantity, shown.stock);
  const quantity = Math.max(1, Math.min(qty, max));
  const purchase: PurchaseProduct = {
    _id: product._id,
    name: product.name,
    name_bn: product.name_bn,
    unit: product.unit,
    image: shown.image,
    price: shown.price,
    discount: shown.discount,
    stock: shown.stock,
    quantity: product.quantity,
    ...(shown.variant_id ? { variant_id: shown.variant_id, chosen: shown.chosen } : {}),
  };
  // "Choose Size": the first option still to choose comes into view with its first value focused.
  const showFirstMissing = () => {
    const picker = document.getElementById(optionPickerId(options.indexOf(missing[0]!)));
    picker?.scrollIntoView?.({ block: 'center' });
    picker?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  };
  return (
    <>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="rounded-lg bg-brand-50 px-3 py-1.5 text-2xl font-bold text-brand-700" data-testid="product-price">
          {priceText(discountedPrice(shown.price, shown.discount), shown.from)}
        </span>
        {shown.discount > 0 && (
          <>
            <s className="text-slate-600">{formatTaka(shown.price)}</s>
            <span className="font-semibold text-brand-700">{t('discount', { percent: formatCount(shown.discount) })}</span>
          </>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <OfferBadges product={product} size="md" />
      </div>
      {freeDelivery && <p className="font-semibold text-brand-700">{t('freeDelivery')}</p>}
      {options.map((option, k) => (
        <OptionPicker
          key={option.name}
          option={option}
          index={k}
          picked={choice.picks[k]}
          stateOf={(value) => choice.valueState(k, value)}
          onPick={(value) => choice.choose(k, value)}
        />
      ))}
      {shown.stock <= 0 ? (
        <>
          <p className="text-lg font-semibold text-red-600" role="status">
            {choice.noSuchVariant ? t('notAvailable') : t('outOfStock')}
          </p>
          {live && !choice.noSuchVariant && missing.length === 0 && (
            <Suspense fallback={null}>
              <BackInStock key={shown.variant_id ?? product._id} productId={product._id} variantId={shown.variant_id} />
            </Suspense>
          )}
        </>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <QuantityStepper look="product" value={quantity} min={1} max={max} onChange={setQty} />
          <PurchaseActions
            product={purchase}
            quantity={quantity}
            missing={missing.length > 0 ? { names: missing.map((o) => optionName(o, bn)), onChoose: showFirstMissing } : undefined}
          />
        </div>
      )}
      {live && missing.length === 0 && !choice.noSuchVariant && (
        <Suspense fallback={null}>
          <WishlistButton
            item={{ product_id: product._id, variant_id: shown.variant_id ?? product._id, name: product.name, name_bn: product.name_bn, image: shown.image, price: shown.price, discount: shown.discount, stock: shown.stock, options: shown.chosen ?? [] }}
          />
        </Suspense>
      )}
    </>
  );
}
