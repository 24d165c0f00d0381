import type { PromotionOffer } from '@haat/shared/schemas/promotion';
import { formatTaka } from '@haat/shared/money';
import { useT } from '@/i18n';
import { formatCount } from '@/i18n/format';
import { useLocalName } from '@/i18n/localName';
import { offersFor, useOffers, type OfferTarget } from '@/state/promotions';
import { PROMOTIONS_NS } from './promotions.locales';

/** What an offer gives, short: '−10 %', '−৳50', 'Buy 2 get 1', 'Free delivery'. */
export function useOfferAmount(): (offer: Pick<PromotionOffer, 'kind' | 'value' | 'buy_qty' | 'get_qty'>) => string {
  const t = useT(PROMOTIONS_NS);
  return (o) => {
    switch (o.kind) {
      case 'percent':
        return t('percentOff', { n: formatCount(o.value) });
      case 'fixed':
        return t('amountOff', { amount: formatTaka(o.value) });
      case 'bxgy':
        return t('buyGet', { buy: formatCount(o.buy_qty ?? 0), get: formatCount(o.get_qty ?? 0) });
      case 'free_delivery':
        return t('freeDelivery');
    }
  };
}

/**
 * The automatic offers that hold this product, as badges ("Eid offer −10 %"),
 * the offer's Bangla name in Bangla. Only shown: the server prices them.
 */
export function OfferBadges({ product, size = 'sm' }: { product: OfferTarget; size?: 'sm' | 'md' }) {
  const offers = offersFor(product, useOffers());
  const nameOf = useLocalName();
  const amountOf = useOfferAmount();
  if (offers.length === 0) return null;
  const text = size === 'sm' ? 'px-1.5 py-0.5 text-[11px]' : 'px-2 py-1 text-sm';
  return (
    <>
      {offers.map((o) => (
        // amber-800 on amber-50: contrast 7.4:1.
        <span key={o._id} className={`rounded bg-amber-50 font-semibold text-amber-800 ${text}`} data-testid="offer-badge">
          {nameOf(o)} {amountOf(o)}
        </span>
      ))}
    </>
  );
}
