import { useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '@/i18n';
import toast from 'react-hot-toast';
import { REFUND_METHODS, type Pickup, type RefundMethod } from '@haat/shared/returns';
import type { ReturnView } from '@haat/shared/schemas/returns';
import type { OrderView } from '@haat/shared/schemas/order';
import { formatTaka } from '@haat/shared/money';
import { useChosenLabel } from '@/components/ChosenOptions';
import { withChoice } from '@haat/shared/variant-words';
import { errorMessage } from '@/lib/api';
import { formatCount, useFormatDate } from '@/i18n/format';
import { useLocalName } from '@/i18n/localName';
import { translateMessage } from '@/i18n/messages';
import { useOrderReturns, useReturnStep } from '../api/returns';
import { RETURNS_NS } from '../locales';
import { useCanDo } from '@/state/user';

const field = 'rounded border border-slate-300 px-2 py-1';
const button = 'rounded px-3 py-1 font-medium disabled:opacity-50';

/**
 * One return on the owner's side (issue 27): what is sent back and why, the
 * shopper's photos, then the step its state allows — approve (with the
 * pick-up) or reject with a reason; mark the items received (a courier's
 * partial delivery names them here); refund up to what the lines were paid.
 * Each step only for a role the server lets take it (issue 42): a Packer reads the return.
 */
export function ReturnCard({ ret, orderItems }: { ret: ReturnView; orderItems?: OrderView['product_details'] }) {
  const t = useT(RETURNS_NS);
  const nameOf = useLocalName();
  const optionsLabel = useChosenLabel();
  const formatDate = useFormatDate();
  const step = useReturnStep(ret._id);
  const canDo = useCanDo();
  const [pickup, setPickup] = useState<Pickup>('manual');
  const [note, setNote] = useState('');
  const [received, setReceived] = useState<Record<string, number>>({});
  const [method, setMethod] = useState<RefundMethod>('cash');
  const [amount, setAmount] = useState(String(ret.refundable));
  const [trxId, setTrxId] = useState('');
  const run = (body: Parameters<typeof step.mutate>[0], done: string) =>
    step.mutate(body, { onSuccess: (res) => toast.success(res.message ? translateMessage(res.message) : done), onError: (err) => toast.error(errorMessage(err)) });

  const refund = (e: FormEvent) => {
    e.preventDefault();
    run({ kind: 'refund', body: { method, amount: Number(amount) || undefined, trx_id: trxId, note } }, t('doRefund'));
  };

  return (
    <article data-testid="return-card" aria-label={`${t(`kinds.${ret.kind}`)} ${ret.order_number}`} className="grid gap-2 rounded border border-slate-200 bg-slate-50 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{t(`kinds.${ret.kind}`)}</span>
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-700" data-testid="return-state">{t(`states.${ret.state}`)}</span>
        <span className="text-slate-600">{t(`reasons.${ret.reason}`)}</span>
        {ret.source === 'courier' && <span className="text-xs text-slate-500">{t('byCourier')}</span>}
        <span className="ml-auto text-xs text-slate-500">{t('orderLabel', { id: ret.order_number })} · {formatDate(ret.createdAt)}</span>
      </p>
      {ret.note && <p className="whitespace-pre-line italic text-slate-700">{ret.note}</p>}
      <ul className="grid gap-0.5">
        {ret.items.map((i) => (
          <li key={i.item_id}>
            {withChoice(nameOf(i), optionsLabel(i.options))} × {formatCount(i.quantity)}
            {i.wanted_options.length > 0 && <span className="text-brand-700"> → {t('wantedShort', { options: optionsLabel(i.wanted_options) })}</span>}
          </li>
        ))}
      </ul>
      {ret.photos.length > 0 && (
        <div className="flex gap-2">
          {ret.photos.map((p) => (
            <a key={p} href={p} target="_blank" rel="noreferrer">
              <img src={p} alt="" width={56} height={56} className="h-14 w-14 rounded border object-cover" />
            </a>
          ))}
        </div>
      )}
      {ret.decision_note && <p className="text-slate-600">{ret.decision_note}</p>}
      {ret.replacement_order && <p className="font-medium">{t('replacement', { id: ret.replacement_order })}</p>}
      {ret.refunds.length > 0 && (
        <ul className="grid gap-0.5 text-slate-700">
          {ret.refunds.map((f) => (
            <li key={f._id} data-testid="refund-line">
              {formatTaka(f.amount)} · {t(`methods.${f.method}`)} {f.trx_id && <span className="font-mono">({f.trx_id})</span>} · {f.state === 'due' ? t('refundStates.due', { date: formatDate(f.due_at) }) : t(`refundStates.${f.state}`)}
              {f.by && ` · ${t('by', { name: f.by })}`}
            </li>
          ))}
        </ul>
      )}

      {ret.state === 'requested' && canDo('decideReturn') && (
        <div className="grid gap-2 border-t border-slate-200 pt-2">
          <label className="grid gap-1">
            <span>{t('pickup')}</span>
            <select value={pickup} onChange={(e) => setPickup(e.target.value as Pickup)} className={field}>
              <option value="manual">{t('pickupManual')}</option>
              <option value="courier" disabled>{t('pickupCourier')}</option>
            </select>
            <span className="text-xs text-slate-500">{t('pickupNote')}</span>
          </label>
          <label className="grid gap-1">
            <span>{t('decisionNote')}</span>
            <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} className={field} />
          </label>
          <div className="flex gap-2">
            <button type="button" disabled={step.isPending} onClick={() => run({ kind: 'decision', body: { decision: 'approve', pickup, note } }, t('approve'))} className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>
              {t('approve')}
            </button>
            <button type="button" disabled={step.isPending} onClick={() => run({ kind: 'decision', body: { decision: 'reject', note } }, t('reject'))} className={`${button} bg-red-100 text-red-700 hover:bg-red-200`} title={t('rejectReason')}>
              {t('reject')}
            </button>
          </div>
        </div>
      )}

      {ret.state === 'approved' && canDo('receiveReturn') && (
        <div className="grid gap-2 border-t border-slate-200 pt-2">
          {ret.items.length === 0 &&
            orderItems?.map((item) => (
              <label key={item._id} className="flex items-center justify-between gap-2">
                <span>{t('receivedItems', { name: nameOf(item) })}</span>
                <input type="number" min={0} max={item.quantity} value={received[item._id] ?? 0} onChange={(e) => setReceived({ ...received, [item._id]: Number(e.target.value) || 0 })} className={`${field} w-20`} />
              </label>
            ))}
          <button
            type="button"
            disabled={step.isPending}
            onClick={() => run({ kind: 'receive', body: ret.items.length ? {} : { items: Object.entries(received).filter(([, q]) => q > 0).map(([item_id, quantity]) => ({ item_id, quantity })) } }, t('receive'))}
            className={`${button} justify-self-start bg-brand-600 text-white hover:bg-brand-700`}
          >
            {t('receive')}
          </button>
          {ret.kind === 'exchange' && (
            // The wanted size may have sold out since the request (issue 41): the goods still come back, refunded instead.
            <button
              type="button"
              disabled={step.isPending}
              onClick={() => run({ kind: 'receive', body: { refund_instead: true } }, t('receiveRefundInstead'))}
              className={`${button} justify-self-start border border-slate-300 text-slate-800 hover:bg-slate-50`}
            >
              {t('receiveRefundInstead')}
            </button>
          )}
        </div>
      )}

      {ret.state === 'received' && ret.refundable > 0 && canDo('refundReturn') && (
        <form onSubmit={refund} aria-label={t('refund')} className="grid gap-2 border-t border-slate-200 pt-2">
          <p className="font-medium">{t('refundable', { amount: formatTaka(ret.refundable) })}</p>
          <div className="flex flex-wrap gap-2">
            <label className="grid gap-1">
              <span>{t('method')}</span>
              <select value={method} onChange={(e) => setMethod(e.target.value as RefundMethod)} className={field}>
                {REFUND_METHODS.map((m) => (
                  <option key={m} value={m}>{t(`methods.${m}`)}</option>
                ))}
              </select>
            </label>
            <label className="grid gap-1">
              <span>{t('amount')}</span>
              <input inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} className={`${field} w-28`} />
            </label>
            {method !== 'bkash' && method !== 'sslcommerz' && method !== 'cash' && (
              <label className="grid gap-1">
                <span>{t('trxId')}</span>
                <input value={trxId} onChange={(e) => setTrxId(e.target.value)} maxLength={100} className={field} />
              </label>
            )}
          </div>
          <label className="grid gap-1">
            <span>{t('refundNote')}</span>
            <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={255} className={field} />
          </label>
          <button type="submit" disabled={step.isPending} className={`${button} justify-self-start bg-brand-600 text-white hover:bg-brand-700`}>
            {t('doRefund')}
          </button>
        </form>
      )}
    </article>
  );
}

/** The order card's returns (loaded when opened); `extra` sits beside the button (the admin's cancel "cannot be supplied"). */
export function OrderReturnsPanel({ order, extra }: { order: OrderView; extra?: ReactNode }) {
  const t = useT(RETURNS_NS);
  const [open, setOpen] = useState(false);
  return (
    <div className="grid gap-2 border-t border-slate-100 pt-2">
      <div className="flex flex-wrap gap-2">
        <button type="button" aria-expanded={open} onClick={() => setOpen((v) => !v)} className="rounded border border-slate-300 px-2 py-0.5 text-slate-700 hover:bg-slate-100">
          {t('panelTitle')}
        </button>
        {extra}
      </div>
      {open && <OrderReturnList order={order} />}
    </div>
  );
}

function OrderReturnList({ order }: { order: OrderView }) {
  const t = useT(RETURNS_NS);
  const returns = useOrderReturns(order._id);
  if (returns.isPending) return <p className="text-xs text-slate-500" aria-busy="true">…</p>;
  if (returns.isError) return <p role="alert" className="text-red-700">{errorMessage(returns.error)}</p>;
  if (!returns.data.length) return <p className="text-xs text-slate-500">{t('none')}</p>;
  return (
    <div className="grid gap-2" aria-label={t('panelTitle')} role="region">
      {returns.data.map((r) => (
        <ReturnCard key={r._id} ret={r} orderItems={order.product_details} />
      ))}
    </div>
  );
}
