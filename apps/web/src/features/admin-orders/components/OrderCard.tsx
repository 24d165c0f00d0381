import { codAmount } from './printing';
import { OrderPromotions } from '@/components/OrderPromotions';
import { useT } from '@/i18n';
import { DELETABLE_ORDER_STATUSES, ORDER_STATUSES, type OrderStatus } from '@haat/shared/constants';
import { nextStatuses } from '@haat/shared/order-status';
import { formatTaka } from '@haat/shared/money';
import { formatCount, formatDate, localDigits } from '@/i18n/format';
import { imageSrcSet } from '@haat/shared/images';
import type { AdminOrder } from '../api/getAllOrders';
import { DeliveryRecordBadge } from './DeliveryRecordBadge';
import { DeadlinesBadge } from './DeadlinesBadge';
import { OwedRefunds } from './OwedRefunds';
import { canRefund, PaymentBadge, RefundAction } from './PaymentBadge';
import { OrderOps } from './OrderOps';
import { CourierPanel } from './CourierPanel';
import { ExchangeBadge, OrderReturnsPanel } from '@/features/returns';
import { UnsuppliedCancel } from './UnsuppliedCancel';
import { ADMIN_ORDERS_NS } from '../locales';
import { useLocalName } from '@/i18n/localName';
import { ChosenOptions } from '@/components/ChosenOptions';
import { useOrderWords } from '@/i18n/orderWords';
import { useCanDo } from '@/state/user';

/**
 * One order of 'All Orders' (spec §2): orderId, the status dropdown (its value
 * is the server's status, so it moves only when the server agreed), payment
 * method from payment_status, mobile, amounts in taka, items, delivery address
 * (the saved one, else the guest's), note; Delete for Received, Cancel, Return.
 * A role that may not change an order (the Packer, issue 42) reads the status
 * instead of a list, and meets no Delete.
 */
export function OrderCard({
  order,
  busy,
  onStatus,
  onDelete,
}: {
  order: AdminOrder;
  busy: boolean;
  onStatus: (status: OrderStatus) => void;
  onDelete: () => void;
}) {
  const t = useT(ADMIN_ORDERS_NS);
  const words = useOrderWords();
  const nameOf = useLocalName();
  const address = order.delivery_address ?? order.guest_user_delivery_address;
  const canDo = useCanDo();
  const canDelete = DELETABLE_ORDER_STATUSES.includes(order.status) && canDo('deleteOrder');
  return (
    <article data-testid="order-card" aria-label={t('card.label', { id: order.orderId })} className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex flex-wrap items-center gap-2 font-semibold text-slate-800">
          <span>
            {t('card.orderId')} <span className="font-mono">{order.orderId}</span>
          </span>
          {/* An exchange's replacement order, never badged as a phone order (issue 42). */}
          <ExchangeBadge of={order.exchange_for} />
        </h2>
        {canDo('changeOrderStatus') ? (
          <label className="flex items-center gap-2">
            <span className="text-slate-600">{t('card.status')}</span>
            <select
              value={order.status}
              disabled={busy}
              onChange={(e) => onStatus(e.target.value as OrderStatus)}
              aria-label={t('card.statusOf', { id: order.orderId })}
              className="rounded border border-slate-300 bg-slate-50 px-2 py-1"
            >
              {/* The statuses the admin may move this order to (the shared table, decision 0054: today every one). */}
              {ORDER_STATUSES.filter((s) => s === order.status || nextStatuses('admin', order.status).includes(s)).map((s) => (
                <option key={s} value={s}>{words.status(s, 'statusShort')}</option>
              ))}
            </select>
          </label>
        ) : (
          <p className="flex items-center gap-2" data-testid="order-status">
            <span className="text-slate-600">{t('card.status')}</span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-800">{words.status(order.status, 'statusShort')}</span>
          </p>
        )}
      </div>
      {/* Issue 27: the due times, with a clear Overdue, where the owner looks first. */}
      <DeadlinesBadge order={order} />
      <OwedRefunds order={order} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
        <dt className="text-slate-500">{t('card.paymentMethod')}</dt>
        <dd>{words.paymentMethod(order.payment_status)}</dd>
        <dt className="text-slate-500">{t('card.payment')}</dt>
        <dd>
          <PaymentBadge order={order} />
        </dd>
        {order.transaction_id && (
          <>
            <dt className="text-slate-500">{t('card.transactionId')}</dt>
            <dd className="break-all">{order.transaction_id}</dd>
          </>
        )}
        <dt className="text-slate-500">{t('card.mobile')}</dt>
        <dd>{localDigits(order.mobile || address?.mobile || '—')}</dd>
        <dt className="text-slate-500">{t('card.subTotal')}</dt>
        <dd>{formatTaka(order.subTotal_amount)}</dd>
        <OrderPromotions order={order} dtClass="text-slate-500" ddClass="" />
        <dt className="text-slate-500">{t('card.delivery')}</dt>
        {/* The page's own word for a free delivery, as the invoice says it (issue 42: 'Free' on a Bangla card). */}
        <dd>{order.delivery_fee === 0 ? t('invoice.free') : formatTaka(order.delivery_fee)}</dd>
        <dt className="text-slate-500">{t('card.total')}</dt>
        <dd className="font-semibold">{formatTaka(order.total_amount)}</dd>
        {/* The partial advance (decision 0114): asked, paid or awaited, and what the rider collects. */}
        {order.advance_amount ? (
          <>
            <dt className="text-slate-500">{t('card.advance')}</dt>
            <dd>{t(order.paid ? 'card.advancePaid' : 'card.advanceAwaiting', { amount: formatTaka(order.advance_amount) })}</dd>
            <dt className="text-slate-500">{t('card.due')}</dt>
            <dd className="font-semibold">{formatTaka(codAmount(order))}</dd>
          </>
        ) : null}
        <dt className="text-slate-500">{t('card.address')}</dt>
        <dd>{address ? `${address.name ? `${address.name}, ` : ''}${address.address_line}, ${address.city} (${localDigits(address.mobile)})` : '—'}</dd>
        {order.note && (
          <>
            <dt className="text-slate-500">{t('card.note')}</dt>
            <dd className="whitespace-pre-line break-words">{order.note}</dd>
          </>
        )}
        {order.consent && (
          // Issue 27: when the shopper agreed to the terms and data use, and which versions of the pages.
          <>
            <dt className="text-slate-500">{t('card.consent')}</dt>
            <dd>{t('card.consentValue', { date: formatDate(order.consent.at), terms: formatCount(order.consent.terms_version), privacy: formatCount(order.consent.privacy_version) })}</dd>
          </>
        )}
      </dl>
      <DeliveryRecordBadge order={order} />
      {order.duplicate_of && (
        // Issue 26: the same mobile and items within 24 hours of another order.
        <div role="group" aria-label={t('duplicate.badge', { id: order.duplicate_of })} data-testid="duplicate-badge" className="grid gap-0.5 rounded border border-orange-300 bg-orange-50 px-3 py-2 text-orange-900">
          <p className="font-medium">{t('duplicate.badge', { id: order.duplicate_of })}</p>
          <p className="text-xs">{t('duplicate.detail')}</p>
        </div>
      )}
      <ul className="grid gap-2 border-t border-slate-100 pt-2">
        {order.product_details.map((item) => (
          <li key={item._id} className="flex items-center gap-2">
            {item.image[0] ? (
              <img src={item.image[0]} srcSet={imageSrcSet(item.image[0])} sizes="40px" alt="" width={40} height={40} loading="lazy" className="h-10 w-10 rounded border border-slate-200 object-contain" />
            ) : (
              <span className="h-10 w-10 rounded bg-slate-100" />
            )}
            <span className="flex-1">
              {nameOf(item)}
              <ChosenOptions chosen={item.options} />
            </span>
            <span className="text-slate-500">
              {formatCount(item.quantity)} × {formatTaka(item.unit_price)}
            </span>
          </li>
        ))}
      </ul>
      {canRefund(order) && <RefundAction order={order} />}
      <OrderOps order={order} />
      <CourierPanel order={order} />
      <OrderReturnsPanel order={order} extra={<UnsuppliedCancel order={order} />} />
      {canDelete && (
        <button type="button" onClick={onDelete} disabled={busy} className="justify-self-end rounded bg-red-100 px-3 py-1 font-medium text-red-700 hover:bg-red-200 disabled:opacity-50">
          {t('card.delete')}
        </button>
      )}
    </article>
  );
}
