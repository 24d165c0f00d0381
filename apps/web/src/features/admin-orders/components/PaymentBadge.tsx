import { useT } from '@/i18n';
import { translateMessage } from '@/i18n/messages';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { STOCK_RELEASED_STATUSES } from '@haat/shared/constants';
import { orderRefundSchema } from '@haat/shared/schemas/order';
import { formatTaka } from '@haat/shared/money';
import { useCanDo, useCurrentUser } from '@/state/user';
import { useRefundLimit } from '@/state/refundLimit';
import { Dialog } from '@/components/Dialog';
import { errorMessage } from '@/lib/api';
import { useRefundOrder, useReleasePaymentHold } from '../api/refundOrder';
import type { AdminOrder } from '../api/getAllOrders';
import { ADMIN_ORDERS_NS } from '../locales';

/** Paid (with bKash's trxID), Refunded (with the refund's), or Unpaid: a typed transaction id is never verified. */
export function PaymentBadge({ order }: { order: AdminOrder }) {
  const t = useT(ADMIN_ORDERS_NS);
  const tone = order.refund_trx_id ? 'bg-amber-100 text-amber-800' : order.paid ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-700';
  return (
    <span className="flex flex-wrap items-center gap-2" data-testid="payment-badge">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{order.refund_trx_id ? t('badge.refunded') : order.paid ? t('badge.paid') : t('badge.unpaid')}</span>
      {order.trx_id && <span className="font-mono text-xs">{t('badge.trx', { id: order.trx_id })}</span>}
      {order.refund_trx_id && <span className="font-mono text-xs">{t('badge.refund', { id: order.refund_trx_id })}</span>}
      {order.payment_hold && <PaymentHold order={order} risk={order.payment_hold} />}
    </span>
  );
}

/** A payment SSLCommerz marked risky (risk_level 1, decision 0120): held until the owner reviews and releases it. */
function PaymentHold({ order, risk }: { order: AdminOrder; risk: string }) {
  const t = useT(ADMIN_ORDERS_NS);
  const canDo = useCanDo();
  const release = useReleasePaymentHold();
  const go = () => release.mutate(order._id, { onSuccess: () => toast.success(t('badge.released')), onError: (err) => toast.error(errorMessage(err)) });
  return (
    <>
      <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800" data-testid="payment-hold">{t('badge.held', { risk })}</span>
      {canDo('changeOrderStatus') && (
        <button type="button" onClick={go} disabled={release.isPending} className="rounded border border-slate-300 px-2 py-0.5 text-xs font-semibold hover:bg-slate-100">
          {t('badge.release')}
        </button>
      )}
    </>
  );
}

/** A bKash-paid order moved to Cancel or Return can be refunded, in full, once. */
export function canRefund(order: AdminOrder): boolean {
  return order.paid && !!order.trx_id && !order.refund_trx_id && STOCK_RELEASED_STATUSES.includes(order.status);
}

/**
 * The refund action for the signed-in staff member: nothing without the
 * permission; for the Orders role, above the owner's limit, why not (issue 28).
 */
export function RefundAction({ order }: { order: AdminOrder }) {
  const t = useT(ADMIN_ORDERS_NS);
  const { data: me } = useCurrentUser();
  const limited = me?.role === 'ORDERS';
  const { data: limit } = useRefundLimit(limited);
  const canDo = useCanDo();
  if (!canDo('refundOrder')) return null;
  if (limited && (limit === undefined || order.total_amount > limit)) {
    return limit === undefined ? null : <p className="text-sm text-slate-600">{t('refund.overLimit', { limit: formatTaka(limit) })}</p>;
  }
  return <RefundButton order={order} />;
}

/** 'Refund' and its dialog asking the reason bKash records. */
export function RefundButton({ order }: { order: AdminOrder }) {
  const t = useT(ADMIN_ORDERS_NS);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refund = useRefundOrder();
  const submit = async () => {
    const parsed = orderRefundSchema.safeParse({ reason });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? t('refund.giveReason'));
    try {
      const res = await refund.mutateAsync({ id: order._id, reason: parsed.data.reason });
      toast.success(translateMessage(res.message) || t('refund.done'));
      setOpen(false);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="justify-self-start rounded bg-amber-100 px-3 py-1 font-medium text-amber-800 hover:bg-amber-200">
        {t('refund.button')}
      </button>
      <Dialog open={open} title={t('refund.title', { id: order.orderId })} onClose={() => setOpen(false)}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          className="grid gap-3 text-sm"
        >
          <p className="text-slate-600">{t('refund.explain')}</p>
          <label className="grid gap-1">
            <span className="font-medium">{t('refund.reason')}</span>
            <input
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setProblem(null);
              }}
              maxLength={255}
              aria-invalid={problem ? true : undefined}
              className="rounded border border-slate-300 p-2"
            />
          </label>
          {problem && <p className="text-red-600">{problem}</p>}
          <div className="flex justify-end gap-3">
            <button type="button" onClick={() => setOpen(false)} className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50">
              {t('refund.cancel')}
            </button>
            <button type="submit" disabled={refund.isPending} className="rounded-lg bg-amber-600 px-4 py-2 font-medium text-white hover:bg-amber-700 disabled:opacity-60">
              {refund.isPending ? t('refund.refunding') : t('refund.button')}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
