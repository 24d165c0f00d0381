import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@/i18n/format';
import type { AdminOrder } from '../api/getAllOrders';
import { useOrderEvents } from '../api/orderEvents';
import { useOrderSelection } from './OrderSelection';
import { ADMIN_ORDERS_NS } from '../locales';

const link = 'rounded border border-slate-300 px-2 py-0.5 text-slate-700 hover:bg-slate-100';

/**
 * The order card's delivery-office row (issue 13): a "Phone order" mark for
 * orders the admin keyed in, a Select box for bulk printing, Invoice and Label
 * links (new tab, to print), and the SMS log on demand.
 */
export function OrderOps({ order }: { order: AdminOrder }) {
  const t = useT(ADMIN_ORDERS_NS);
  const selection = useOrderSelection();
  const [showSms, setShowSms] = useState(false);
  const events = useOrderEvents(order._id, showSms);
  return (
    <div className="grid gap-2 border-t border-slate-100 pt-2">
      <div className="flex flex-wrap items-center gap-2">
        {selection && (
          <label className="flex items-center gap-1 text-slate-700">
            <input type="checkbox" checked={selection.has(order._id)} onChange={() => selection.toggle(order._id)} aria-label={t('ops.selectOrder', { id: order.orderId })} />
            {t('ops.select')}
          </label>
        )}
        {order.source === 'admin' && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">{t('ops.phoneOrder')}{order.customer_name ? ` · ${order.customer_name}` : ''}</span>}
        <span className="flex-1" />
        <Link to={paths.dashboard.invoice([order._id])} target="_blank" className={link}>
          {t('ops.invoice')}
        </Link>
        <Link to={paths.dashboard.labels([order._id])} target="_blank" className={link}>
          {t('ops.label')}
        </Link>
        <button type="button" aria-expanded={showSms} onClick={() => setShowSms((v) => !v)} className={link}>
          {t('ops.smsLog')}
        </button>
      </div>
      {showSms && (
        <ul aria-label={t('ops.smsLogOf', { id: order.orderId })} className="grid gap-1 text-xs text-slate-600">
          {events.isPending && <li>{t('ops.loading')}</li>}
          {events.data?.length === 0 && <li>{t('ops.noSms')}</li>}
          {events.data?.map((e, i) => (
            <li key={i} className={e.status === 'failed' ? 'text-red-700' : ''}>
              {formatDate(e.at)} · {e.kind !== 'sms' ? t('ops.step') : e.status === 'failed' ? t('ops.failed') : t('ops.sent')}: {e.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
