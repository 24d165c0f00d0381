import { useT } from '@/i18n';
import { formatTaka } from '@haat/shared/money';
import { COMPONENTS_NS } from './locales';

/**
 * A product's shown price in taka: "From ৳450" ("৳৪৫০ থেকে") when its
 * variants cost differently (`price_varies`, issue 21: the price is the cheapest), else the price.
 */
export function usePriceText(): (price: number, varies?: boolean) => string {
  const t = useT(COMPONENTS_NS);
  return (price, varies) => (varies ? t('fromPrice', { price: formatTaka(price) }) : formatTaka(price));
}
