import { deliveryRisk, type DeliveryRecord, type DeliveryRisk } from '@haat/shared/delivery-record';
import { formatCount } from '@haat/shared/numerals';
import type { AdminOrder } from '../api/getAllOrders';

/** The words carry the meaning; the colour only repeats it (never colour alone). */
const LOOK: Record<DeliveryRisk, { verdict: string; className: string }> = {
  good: { verdict: 'Reliable', className: 'border-green-300 bg-green-50 text-green-800' },
  watch: { verdict: 'Caution', className: 'border-amber-300 bg-amber-50 text-amber-900' },
  risky: { verdict: 'High risk', className: 'border-red-300 bg-red-50 text-red-800' },
  none: { verdict: '', className: 'border-slate-200 bg-slate-50 text-slate-700' },
};

const SOURCE_LABEL = { own: 'our orders', steadfast: 'Steadfast' } as const;

function describe(record: DeliveryRecord): { headline: string; detail: string | null } {
  if (record.source === 'unknown' || record.delivered === null || record.returned === null) {
    return { headline: 'Delivery record unknown', detail: 'The courier check did not answer; ship as usual or call the buyer.' };
  }
  const source = SOURCE_LABEL[record.source];
  if (record.ratio === null) return { headline: 'New buyer: no delivery history', detail: `Source: ${source}` };
  const risk = deliveryRisk(record);
  return {
    headline: `${LOOK[risk].verdict}: ${formatCount(Math.round(record.ratio * 100))}% delivered`,
    detail: `${formatCount(record.delivered)} delivered, ${formatCount(record.returned)} returned or cancelled · Source: ${source}`,
  };
}

/**
 * The COD risk check on an admin order card (issue 12): the buyer's delivery
 * record as a ratio with a colour, for cash-on-delivery orders only (a paid
 * parcel risks no cash). Nothing when the answer has no record.
 */
export function DeliveryRecordBadge({ order }: { order: Pick<AdminOrder, 'payment_status' | 'delivery_record'> }) {
  const record = order.delivery_record;
  if (order.payment_status !== 'CASH-ON-DELIVERY' || !record) return null;
  const { headline, detail } = describe(record);
  return (
    <section aria-label="Delivery record" data-risk={deliveryRisk(record)} className={`grid gap-0.5 rounded border px-3 py-2 ${LOOK[deliveryRisk(record)].className}`}>
      <p className="font-medium">{headline}</p>
      {detail && <p className="text-xs">{detail}</p>}
    </section>
  );
}
