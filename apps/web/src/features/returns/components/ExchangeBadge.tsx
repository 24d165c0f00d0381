import { useT } from '@/i18n';
import { RETURNS_NS } from '../locales';

/**
 * An exchange's replacement order named as the exchange it is (issue 42): "Exchange for order HT-…", in the
 * page's language, wherever an order is shown (the owner's order cards and invoice, My Orders, /track). Nothing
 * for any other order.
 */
export function ExchangeBadge({ of }: { of: string | null | undefined }) {
  const t = useT(RETURNS_NS);
  if (!of) return null;
  return (
    <span data-testid="exchange-badge" className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-800">
      {t('exchangeFor', { id: of })}
    </span>
  );
}
