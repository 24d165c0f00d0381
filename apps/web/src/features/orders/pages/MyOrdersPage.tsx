import { paths } from '@haat/shared/paths';
import { OrderPromotions } from '@/components/OrderPromotions';
import { Link } from 'react-router';
import { imageSrcSet } from '@haat/shared/images';
import { formatDeliveryFee, formatTaka } from '@haat/shared/money';
import { CourierTimeline } from '@/components/CourierTimeline';
import { ChosenOptions } from '@/components/ChosenOptions';
import { errorMessage } from '@/lib/api';
import { useMyOrders, type Order } from '../api/getMyOrders';
import { useT } from '@/i18n';
import { ORDERS_NS } from '../locales';
import { formatCount, useFormatDate } from '@/i18n/format';
import { translateMessage, useServerMessages } from '@/i18n/messages';
import { useLocalName } from '@/i18n/localName';
import { useOrderWords } from '@/i18n/orderWords';
import { ExchangeBadge, MyOrderReturns, SHOWS_RETURNS } from '@/features/returns';

const STATUS_STYLE: Record<Order['status'], string> = {
  Pending: 'bg-amber-100 text-amber-800',
  Delivered: 'bg-brand-100 text-brand-700',
  Received: 'bg-brand-100 text-brand-700',
  Cancel: 'bg-red-100 text-red-700',
  Return: 'bg-slate-200 text-slate-700',
};


/**
 * How the order is paid, beside its status: "Pending" alone read as if a
 * bKash payment had not gone through. Paid (with bKash's trxID), refunded,
 * cash on delivery, a typed wallet transaction id the shop has not checked
 * yet, or unpaid (a bKash payment not made).
 */
function PaymentState({ order }: { order: Order }) {
  const t = useT(ORDERS_NS, 'payment');
  const [label, tone, trx] = order.refund_trx_id
    ? [t('refunded'), 'bg-slate-200 text-slate-700', order.refund_trx_id]
    : order.paid
      ? [t('paid'), 'bg-green-100 text-green-800', order.trx_id]
      : order.payment_status === 'CASH-ON-DELIVERY'
        ? [t('cod'), 'bg-sky-100 text-sky-800', null]
        : order.transaction_id
          ? [t('toConfirm'), 'bg-amber-100 text-amber-800', order.transaction_id]
          : [t('unpaid'), 'bg-red-100 text-red-700', null];
  return (
    <span className={`rounded-full px-3 py-1 text-sm font-semibold ${tone}`} data-testid="payment-state">
      {label}
      {trx && <span className="font-mono text-xs font-normal"> · {t('trx', { id: trx })}</span>}
    </span>
  );
}

/** /dashboard/orders (behind RequireUser): the signed-in shopper's own orders with status, items, amounts and date. */
export function MyOrdersPage() {
  const t = useT(ORDERS_NS);
  useServerMessages();
  const words = useOrderWords();
  const formatDate = useFormatDate();
  const nameOf = useLocalName();
  const orders = useMyOrders();

  return (
    <section className="mx-auto max-w-3xl space-y-4 p-4">
      <h1 className="text-xl font-semibold">{t('title')}</h1>
      {orders.isLoading ? (
        <div className="space-y-3" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => <div key={i} className="h-32 animate-pulse rounded-lg bg-slate-200" />)}
        </div>
      ) : orders.isError ? (
        <p className="text-red-700">{errorMessage(orders.error)}</p>
      ) : !orders.data?.length ? (
        <div className="rounded-lg bg-white p-6 text-center">
          <p className="text-slate-600">{t('empty')}</p>
          <Link to={paths.home()} className="mt-3 inline-block rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white">{t('shopNow')}</Link>
        </div>
      ) : (
        <ul className="space-y-3">
          {orders.data.map((order) => (
            <li key={order._id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="my-order">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    {t('order', { orderId: order.orderId })}
                    <ExchangeBadge of={order.exchange_for} />
                  </p>
                  <p className="text-sm text-slate-500">
                    <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time> · {words.paymentMethod(order.payment_status)}
                  </p>
                </div>
                <div className="flex flex-wrap items-center justify-end gap-2">
                  <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[order.status]}`}>{words.status(order.status)}</span>
                  <PaymentState order={order} />
                </div>
              </div>
              <ul className="space-y-2">
                {order.product_details.map((item) => (
                  <li key={item._id} className="flex items-center gap-3 text-sm">
                    {item.image[0] && (
                      <img src={item.image[0]} srcSet={imageSrcSet(item.image[0])} sizes="48px" alt="" loading="lazy" className="h-12 w-12 rounded border object-contain" />
                    )}
                    <span className="flex-1">
                      {nameOf(item)}
                      <ChosenOptions chosen={item.options} />
                    </span>
                    <span>
                      {formatCount(item.quantity)} × {formatTaka(item.unit_price)}
                    </span>
                  </li>
                ))}
              </ul>
              {order.courier && <CourierTimeline entries={order.courier.timeline} label={t('deliveryOf', { orderId: order.orderId })} />}
              {/* Issue 27: a delivered order may be returned or exchanged within the shop's window. */}
              {SHOWS_RETURNS.includes(order.status) && <MyOrderReturns orderId={order._id} orderNumber={order.orderId} />}
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 border-t border-slate-100 pt-2 text-sm">
                <dt>{t('itemsTotal')}</dt>
                <dd className="text-right">{formatTaka(order.subTotal_amount)}</dd>
                <OrderPromotions order={order} ddClass="text-right text-brand-700" />
                <dt>{t('deliveryCharge')}</dt>
                <dd className="text-right">{translateMessage(formatDeliveryFee(order.delivery_fee))}</dd>
                <dt className="font-semibold">{t('grandTotal')}</dt>
                <dd className="text-right font-semibold">{formatTaka(order.total_amount)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
