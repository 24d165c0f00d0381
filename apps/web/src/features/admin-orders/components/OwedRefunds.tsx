import { useState, type FormEvent } from 'react';
import { useT, currentLang } from '@/i18n';
import toast from 'react-hot-toast';
import { formatTaka } from '@haat/shared/money';
import { MANUAL_REFUND_METHODS, type ManualRefundMethod } from '@haat/shared/returns';
import type { OwedRefund } from '@haat/shared/schemas/returns';
import { RETURNS_NS } from '@/features/returns';
import { translateMessage } from '@/i18n/messages';
import { errorMessage } from '@/lib/api';
import { formatDhaka } from '@/lib/dhakaTime';
import { useCanDo } from '@/state/user';
import type { AdminOrder } from '../api/getAllOrders';
import { useRecordRefund, useVoidRefund } from '../api/recordRefund';
import { ADMIN_ORDERS_NS } from '../locales';

const field = 'rounded border border-slate-300 px-2 py-1';

/**
 * The refunds an order owes, on its admin card (decision 0081): "Refund due
 * ৳650 to Nagad by …" (late once past it), and for those who refund, the form
 * that records it as sent by hand — method, transaction id, amount (the amount
 * owed unless changed; never more). A bKash refund still due is bKash's job's.
 */
export function OwedRefunds({ order, now = new Date() }: { order: Pick<AdminOrder, '_id' | 'orderId' | 'refunds_owed' | 'transaction_id'>; now?: Date }) {
  const t = useT(ADMIN_ORDERS_NS);
  const canDo = useCanDo();
  const list = order.refunds_owed ?? [];
  if (list.length === 0) return null;
  return (
    <div role="group" aria-label={t('owed.region')} className="grid gap-2">
      {list.map((r) => (
        <OwedRefundRow key={r._id} refund={r} orderId={order.orderId} trxId={order.transaction_id} late={r.state === 'due' && new Date(r.due_at) < now} canRecord={canDo('recordRefund') && !(r.state === 'due' && r.method === 'bkash')} />
      ))}
    </div>
  );
}

function OwedRefundRow({ refund, orderId, trxId: paidWith, late, canRecord }: { refund: OwedRefund; orderId: string; trxId: string; late: boolean; canRecord: boolean }) {
  const t = useT(ADMIN_ORDERS_NS);
  const tr = useT(RETURNS_NS);
  const record = useRecordRefund();
  const manual = (MANUAL_REFUND_METHODS as readonly string[]).includes(refund.method) ? (refund.method as ManualRefundMethod) : 'cash';
  const [method, setMethod] = useState<ManualRefundMethod>(manual);
  const [trxId, setTrxId] = useState('');
  const [amount, setAmount] = useState(String(refund.amount));
  const what = { amount: formatTaka(refund.amount), method: tr(`methods.${refund.method}`), date: formatDhaka(refund.due_at, currentLang()) };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    record.mutate(
      { id: refund._id, body: { method, trx_id: trxId, amount: amount.trim() === '' ? undefined : amount } },
      { onSuccess: (res) => toast.success(res.message ? translateMessage(res.message) : t('owed.recorded')), onError: (err) => toast.error(errorMessage(err)) },
    );
  };
  return (
    <div data-testid="owed-refund" className={`grid gap-2 rounded border px-3 py-2 ${late || refund.state === 'failed' ? 'border-red-300 bg-red-50 text-red-900' : 'border-amber-300 bg-amber-50 text-amber-900'}`}>
      <p className="font-medium">
        {refund.state === 'failed' ? t('owed.failed', what) : t('owed.due', what)}
        {late && <span className="ml-2 rounded bg-red-700 px-2 py-0.5 text-xs font-bold uppercase text-white">{t('deadlines.overdue')}</span>}
      </p>
      {canRecord && (
        <form onSubmit={submit} aria-label={t('owed.form', { id: orderId })} className="flex flex-wrap items-end gap-2 text-slate-800">
          <label className="grid gap-1">
            <span className="text-xs">{t('owed.method')}</span>
            <select value={method} onChange={(e) => setMethod(e.target.value as ManualRefundMethod)} className={field}>
              {MANUAL_REFUND_METHODS.map((m) => (
                <option key={m} value={m}>{tr(`methods.${m}`)}</option>
              ))}
            </select>
          </label>
          {method !== 'cash' && (
            <label className="grid gap-1">
              <span className="text-xs">{t('owed.trxId')}</span>
              <input value={trxId} onChange={(e) => setTrxId(e.target.value)} maxLength={100} className={`${field} font-mono`} />
            </label>
          )}
          <label className="grid gap-1">
            <span className="text-xs">{t('owed.amount')}</span>
            <input inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} className={`${field} w-28`} />
          </label>
          <button type="submit" disabled={record.isPending} className="rounded bg-brand-600 px-3 py-1 font-medium text-white hover:bg-brand-700 disabled:opacity-50">
            {t('owed.record')}
          </button>
        </form>
      )}
      {canRecord && refund.state === 'due' && paidWith && <NoPaymentArrived refundId={refund._id} orderId={orderId} trxId={paidWith} />}
    </div>
  );
}

/** A typed transaction id under which no money came (wrong or made up): the owner closes the refund owed, saying why (decision 0081). */
function NoPaymentArrived({ refundId, orderId, trxId }: { refundId: string; orderId: string; trxId: string }) {
  const t = useT(ADMIN_ORDERS_NS);
  const close = useVoidRefund();
  const [note, setNote] = useState('');
  const canDo = useCanDo();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    close.mutate(
      { id: refundId, body: { note } },
      { onSuccess: (res) => toast.success(res.message ? translateMessage(res.message) : t('owed.voided')), onError: (err) => toast.error(errorMessage(err)) },
    );
  };
  if (!canDo('voidRefund')) return null;
  return (
    <details className="text-slate-800">
      <summary className="cursor-pointer text-sm underline">{t('owed.noPayment')}</summary>
      <form onSubmit={submit} aria-label={t('owed.voidForm', { id: orderId })} className="mt-2 flex flex-wrap items-end gap-2">
        <label className="grid flex-1 gap-1">
          <span className="text-xs">{t('owed.voidNote', { trxId })}</span>
          <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={255} className={field} />
        </label>
        <button type="submit" disabled={close.isPending} className="rounded border border-red-700 px-3 py-1 font-medium text-red-800 hover:bg-red-50 disabled:opacity-50">
          {t('owed.voidButton')}
        </button>
      </form>
    </details>
  );
}
