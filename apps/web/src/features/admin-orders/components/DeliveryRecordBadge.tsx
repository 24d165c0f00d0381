import type { TextsOf, TFn } from '@/i18n';
import { useT } from '@/i18n';
import { deliveryRisk, type DeliveryRecord, type DeliveryRisk } from '@haat/shared/delivery-record';
import { formatCount } from '@/i18n/format';
import type { AdminOrder } from '../api/getAllOrders';
import { ADMIN_ORDERS_NS } from '../locales';

/** The words carry the meaning; the colour only repeats it (never colour alone). */
const LOOK: Record<DeliveryRisk, string> = {
  good: 'border-green-300 bg-green-50 text-green-800',
  watch: 'border-amber-300 bg-amber-50 text-amber-900',
  risky: 'border-red-300 bg-red-50 text-red-800',
  none: 'border-slate-200 bg-slate-50 text-slate-700',
};

function describe(record: DeliveryRecord, t: TFn<TextsOf<typeof ADMIN_ORDERS_NS>>): { headline: string; detail: string | null } {
  if (record.source === 'unknown' || record.delivered === null || record.returned === null) {
    return { headline: t('record.unknown'), detail: t('record.unknownDetail') };
  }
  const source = t(`record.${record.source}`);
  if (record.ratio === null) return { headline: t('record.newBuyer'), detail: t('record.source', { source }) };
  const risk = deliveryRisk(record);
  return {
    headline: t('record.headline', { verdict: t(`record.${risk as Exclude<DeliveryRisk, 'none'>}`) /* ratio is not null here */, percent: formatCount(Math.round(record.ratio * 100)) }),
    detail: t('record.detail', { delivered: formatCount(record.delivered), returned: formatCount(record.returned), source }),
  };
}

/**
 * The COD risk check on an admin order card (issue 12): the buyer's delivery
 * record as a ratio with a colour, for cash-on-delivery orders only (a paid
 * parcel risks no cash). Nothing when the answer has no record.
 */
export function DeliveryRecordBadge({ order }: { order: Pick<AdminOrder, 'payment_status' | 'delivery_record'> }) {
  const t = useT(ADMIN_ORDERS_NS);
  const record = order.delivery_record;
  if (order.payment_status !== 'CASH-ON-DELIVERY' || !record) return null;
  const { headline, detail } = describe(record, t);
  return (
    // A named group, not a landmark: every order card has one, and landmarks must be unique (issue 19).
    <div role="group" aria-label={t('record.region')} data-risk={deliveryRisk(record)} className={`grid gap-0.5 rounded border px-3 py-2 ${LOOK[deliveryRisk(record)]}`}>
      <p className="font-medium">{headline}</p>
      {detail && <p className="text-xs">{detail}</p>}
    </div>
  );
}
