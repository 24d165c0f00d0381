import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import { Link } from 'react-router';
import { formatTaka } from '@haat/shared/money';
import type { AdminOrder } from '../../api/getAllOrders';
import { ADMIN_ORDERS_NS } from '../../locales';

/** The order just placed, with its invoice, its label and the way back to all orders. */
export function PlacedOrderNotice({ order }: { order: AdminOrder }) {
  const t = useT(ADMIN_ORDERS_NS);
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm">
      <span>
        {t('newOrder.placedOrder')} <span className="font-mono font-semibold">{order.orderId}</span> {t('newOrder.placedTotal', { total: formatTaka(order.total_amount) })}
      </span>
      {/* Waiting for its advance (decision 0130): the buyer was texted bKash's link. */}
      {order.advance_amount && !order.paid ? <span data-testid="placed-advance">{t('newOrder.advanceAsked', { advance: formatTaka(order.advance_amount) })}</span> : null}
      <Link to={paths.dashboard.invoice([order._id])} target="_blank" className="font-medium text-brand-700 hover:underline">
        {t('newOrder.invoice')}
      </Link>
      <Link to={paths.dashboard.labels([order._id])} target="_blank" className="font-medium text-brand-700 hover:underline">
        {t('newOrder.label')}
      </Link>
      <Link to={paths.dashboard.orders()} className="font-medium text-brand-700 hover:underline">
        {t('newOrder.allOrders')}
      </Link>
    </div>
  );
}
