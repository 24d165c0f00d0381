import { useT } from '@/i18n';
import { formatTaka } from '@haat/shared/money';
import type { AppliedPromotion, PromotionQuote } from '@haat/shared/schemas/promotion';
import { useLocalName } from '@/i18n/localName';
import { PROMOTIONS_NS } from './promotions.locales';

/**
 * The promotions of a quote as bill lines (issue 22), each with its saving
 * (a free-delivery promotion's is the fee it waived); rows of a two-column grid or flex list, as the
 * cart drawer and checkout lay out their bills.
 */
export function PromotionLines({ quote, as = 'p' }: { quote: PromotionQuote | undefined; as?: 'p' | 'dl' }) {
  const t = useT(PROMOTIONS_NS);
  const nameOf = useLocalName();
  if (!quote) return null;
  const rows = [
    ...quote.lines.map((l: AppliedPromotion) => ({ key: l.promotion_id, label: l.code ? `${nameOf(l)} (${l.code})` : nameOf(l), saving: l.saving })),
    // A free-delivery promotion's own line is the delivery saving: one line per saving (issue 42), not a second "Delivery discount".
    ...(quote.delivery_saving > 0 && !quote.lines.some((l) => l.kind === 'free_delivery') ? [{ key: 'delivery', label: t('deliverySaving'), saving: quote.delivery_saving }] : []),
  ];
  return rows.map((r) =>
    as === 'dl' ? (
      <div key={r.key} className="contents text-brand-700" data-testid="promotion-line">
        <dt>{r.label}</dt>
        <dd className="text-right">{t('amountOff', { amount: formatTaka(r.saving) })}</dd>
      </div>
    ) : (
      <p key={r.key} className="flex justify-between gap-4 text-brand-700" data-testid="promotion-line">
        <span>{r.label}</span>
        <span>{t('amountOff', { amount: formatTaka(r.saving) })}</span>
      </p>
    ),
  );
}

/**
 * Progress to free delivery (issue 22): "Add ৳150 more for free delivery",
 * with a bar from the subtotal to the threshold. Nothing when no offer gives
 * free delivery; "You get free delivery" once reached.
 */
export function FreeDeliveryProgress({ quote }: { quote: PromotionQuote | undefined }) {
  const t = useT(PROMOTIONS_NS);
  const remaining = quote?.free_delivery_remaining;
  if (!quote || remaining === null || remaining === undefined) return null;
  const threshold = quote.subtotal + remaining;
  const percent = threshold > 0 ? Math.min(100, Math.round((quote.subtotal / threshold) * 100)) : 100;
  return (
    <div className="space-y-1 rounded-lg bg-white p-3 text-sm" data-testid="free-delivery-progress">
      <p className="font-medium text-slate-700">
        {remaining > 0 ? t('addForFreeDelivery', { amount: formatTaka(remaining) }) : t('freeDeliveryReached')}
      </p>
      <div className="h-2 overflow-hidden rounded bg-slate-200" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('freeDelivery')}>
        <div className="h-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
