import { useState } from 'react';
import { useT } from '@/i18n';
import type { GuestOrderInput, Returnable } from '@haat/shared/schemas/returns';
import { errorMessage } from '@/lib/api';
import { useGuestReturnable, useRequestReturn, useReturnable } from '../api/returns';
import { ReturnRequestForm, ReturnStatusList } from './ReturnRequestForm';
import { RETURNS_NS } from '../locales';

/** The orders whose returns a shopper sees: delivered ones (and may ask), and ones that came back (returned or exchanged). */
export const SHOWS_RETURNS: readonly string[] = ['Delivered', 'Return'];

function Section({ orderNumber, returnable, guest, loading, error }: { orderNumber: string; returnable: Returnable | undefined; guest?: GuestOrderInput; loading: boolean; error: unknown }) {
  const t = useT(RETURNS_NS);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const send = useRequestReturn(returnable?.order_id ?? '', guest);
  // Only a delivered order may be asked about; a returned one shows what became of its returns.
  const canAsk = !returnable || returnable.status === 'Delivered';
  return (
    <div className="grid gap-2 border-t border-slate-100 pt-2">
      {returnable && <ReturnStatusList returns={returnable.returns} />}
      {sent && <p role="status" className="text-sm text-green-800">{t('sent')}</p>}
      {!canAsk ? null : !open ? (
        <button type="button" onClick={() => setOpen(true)} className="justify-self-start rounded border border-brand-600 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50" aria-label={t('askTitle', { orderId: orderNumber })}>
          {t('ask')}
        </button>
      ) : loading ? (
        <div className="h-24 animate-pulse rounded bg-slate-100" aria-busy="true" />
      ) : error ? (
        <p role="alert" className="text-sm text-red-700">{errorMessage(error)}</p>
      ) : returnable ? (
        <ReturnRequestForm
          returnable={returnable}
          send={send}
          onDone={() => {
            setOpen(false);
            setSent(true);
          }}
        />
      ) : null}
    </div>
  );
}

/** My Orders: a delivered order's returns and the "Return or exchange" form (signed in). */
export function MyOrderReturns({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const returnable = useReturnable(orderId, true);
  return <Section orderNumber={orderNumber} returnable={returnable.data} loading={returnable.isPending} error={returnable.error} />;
}

/** /track: a guest's delivered order, named by its number and mobile. */
export function GuestOrderReturns({ guest }: { guest: GuestOrderInput }) {
  const returnable = useGuestReturnable(guest);
  return <Section orderNumber={guest.orderId} returnable={returnable.data} guest={guest} loading={returnable.isPending} error={returnable.error} />;
}
