import { useT, currentLang } from '@/i18n';
import { useState } from 'react';
import { COURIER_LABELS, type CourierBooking } from '@haat/shared/schemas/courier';
import { CourierTimeline } from '@/components/CourierTimeline';
import { useCourierWords } from '@/components/courierWords';
import { formatDhaka } from '@/lib/dhakaTime';
import type { AdminOrder } from '../api/getAllOrders';
import { BookCourierDialog } from './BookCourierDialog';
import { ADMIN_ORDERS_NS } from '../locales';
import { useCanDo } from '@/state/user';

const BOOKABLE = ['Pending', 'Received'];

/** The order card's courier part: the booking (provider, consignment, tracking code, latest status, updates), or Book courier. */
export function CourierPanel({ order }: { order: AdminOrder }) {
  const t = useT(ADMIN_ORDERS_NS);
  const [open, setOpen] = useState(false);
  const { statusLabel } = useCourierWords();
  const canDo = useCanDo();
  const c = order.courier;
  if (c) {
    return (
      // A named group, not a landmark: every booked order's card has one, and landmarks must be unique (issue 19).
      <div role="group" aria-label={t('courier.region')} className="grid gap-2 rounded border border-slate-200 bg-slate-50 p-2">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
          <dt className="text-slate-500">{t('courier.courier')}</dt>
          <dd>{COURIER_LABELS[c.provider]}</dd>
          <dt className="text-slate-500">{t('courier.consignment')}</dt>
          <dd className="font-mono">{c.consignment_id}</dd>
          <dt className="text-slate-500">{t('courier.trackingCode')}</dt>
          <dd className="font-mono">{c.tracking_code}</dd>
          <dt className="text-slate-500">{t('courier.courierStatus')}</dt>
          <dd>{statusLabel(c.status, c.stage)}</dd>
        </dl>
        <CourierTimeline entries={c.timeline} />
      </div>
    );
  }
  if (!BOOKABLE.includes(order.status) || !canDo('bookCourier')) return null;
  const waiting = order.courier_booking;
  if (waiting?.state === 'queued') return <BookingNote booking={waiting} />;
  return (
    <>
      {waiting && <BookingNote booking={waiting} />}
      <button type="button" onClick={() => setOpen(true)} className="justify-self-start rounded bg-brand-600 px-3 py-1 font-medium text-white hover:bg-brand-700">
        {t('courier.book')}
      </button>
      {open && <BookCourierDialog order={order} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

/** A booking the courier could not take yet (decision 0080): queued for the job queue's next try, or failed after its last. */
function BookingNote({ booking }: { booking: CourierBooking }) {
  const t = useT(ADMIN_ORDERS_NS);
  const courier = COURIER_LABELS[booking.provider];
  const failed = booking.state === 'failed';
  return (
    <div role="status" className={`grid gap-1 rounded border p-2 ${failed ? 'border-red-200 bg-red-50 text-red-800' : 'border-amber-200 bg-amber-50 text-amber-900'}`}>
      <p>
        {failed
          ? t('courier.failed', { courier, attempts: booking.attempts })
          : t('courier.queued', { courier, attempts: booking.attempts, max: booking.max_attempts, at: formatDhaka(booking.next_try_at ?? '', currentLang()) })}
      </p>
      {booking.error && <p className="text-xs">{t('courier.lastProblem', { error: booking.error })}</p>}
    </div>
  );
}
