import { useT } from '@/i18n';
import { formatTaka } from '@haat/shared/money';
import type { OrderView } from '@haat/shared/schemas/order';
import type { OrderPromotion } from '@haat/shared/schemas/promotion';
import { useLocalName } from '@/i18n/localName';
import { PROMOTIONS_NS } from './promotions.locales';

/**
 * An order's promotions as it keeps them (issue 22): one row each, the code
 * named, with its saving; then the discount total. Nothing for an order
 * without one. `<dt>`/`<dd>` pairs for the two-column lists of the
 * confirmation, My Orders, the admin's order card and the printed invoice.
 */
export function OrderPromotions({ order, dtClass = '', ddClass = 'text-right' }: { order: Pick<OrderView, 'promotions' | 'discount_total'>; dtClass?: string; ddClass?: string }) {
  const t = useT(PROMOTIONS_NS);
  const nameOf = useLocalName();
  const promotions = order.promotions ?? [];
  if (promotions.length === 0 && !order.discount_total) return null;
  return (
    <>
      {promotions.map((p: OrderPromotion, i) => (
        <Row key={`${p.name}-${i}`} label={p.code ? `${nameOf(p)} (${p.code})` : nameOf(p)} amount={p.saving} dtClass={dtClass} ddClass={ddClass} testId="order-promotion" />
      ))}
      <Row label={t('discountTotal')} amount={order.discount_total ?? 0} dtClass={`${dtClass} font-semibold`} ddClass={`${ddClass} font-semibold`} testId="order-discount-total" />
    </>
  );
}

function Row({ label, amount, dtClass, ddClass, testId }: { label: string; amount: number; dtClass: string; ddClass: string; testId: string }) {
  const t = useT(PROMOTIONS_NS);
  return (
    <>
      <dt className={dtClass}>{label}</dt>
      <dd className={ddClass} data-testid={testId}>
        {t('amountOff', { amount: formatTaka(amount) })}
      </dd>
    </>
  );
}
