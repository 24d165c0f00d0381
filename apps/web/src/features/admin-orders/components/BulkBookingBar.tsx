import { useT } from '@/i18n';
import { translateError, translateMessage } from '@/i18n/messages';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { CourierProvider } from '@haat/shared/schemas/courier';
import { errorMessage } from '@/lib/api';
import type { AdminOrder } from '../api/getAllOrders';
import { useBulkBook, useCourierProviders } from '../api/courier';
import type { BookingResult } from '@haat/shared/schemas/courier';
import { useOrderSelection } from './OrderSelection';
import { ADMIN_ORDERS_NS } from '../locales';
import { useCanDo } from '@/state/user';

/**
 * Bulk booking on All Orders: of the orders ticked on their cards (the same
 * selection the bulk print uses), the Pending ones not yet booked are booked
 * with one courier. Each order's outcome is listed.
 */
export function BulkBookingBar({ orders }: { orders: AdminOrder[] }) {
  const t = useT(ADMIN_ORDERS_NS);
  const selection = useOrderSelection();
  const selected = orders.filter((o) => o.status === 'Pending' && !o.courier && selection?.has(o._id));
  const [provider, setProvider] = useState<CourierProvider | 'suggested' | ''>('');
  const [results, setResults] = useState<BookingResult[]>([]);
  const providers = useCourierProviders(selected.length > 0);
  const bulk = useBulkBook();
  const canDo = useCanDo();
  const picked = provider || providers.data?.[0]?.provider || '';
  if ((selected.length === 0 && results.length === 0) || !canDo('bookCouriers')) return null;

  const submit = async () => {
    if (!picked || selected.length === 0) return;
    try {
      const res = await bulk.mutateAsync({ orderIds: selected.map((o) => o._id), provider: picked });
      setResults(res.data);
      selection?.clear();
      toast.success(translateMessage(res.message));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const codeOf = (id: string) => orders.find((o) => o._id === id)?.orderId ?? id;
  // Each result says its outcome by code (decision 0058): booked with its tracking code, else the refusal's.
  const outcome = (r: BookingResult) => (r.ok ? t('bulk.booked', { tracking: r.params.tracking }) : translateError(r.code, r.params, r.message));

  return (
    <section aria-label={t('bulk.region')} className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      {selected.length > 0 && (
        <>
          <h2 className="font-semibold text-slate-800">{t('bulk.heading')}</h2>
          <p className="font-mono text-slate-600">{selected.map((o) => o.orderId).join(', ')}</p>
          <div className="flex flex-wrap items-center gap-2">
            <select aria-label={t('bulk.courierFor')} value={picked} onChange={(e) => setProvider(e.target.value as CourierProvider | 'suggested')} className="rounded border border-slate-300 px-2 py-1">
              {providers.data?.map((p) => <option key={p.provider} value={p.provider}>{p.label}</option>)}
              {/* Each order with the courier the owner chose for its district (decision 0122). */}
              {providers.data && providers.data.length > 1 && <option value="suggested">{t('bulk.suggested')}</option>}
            </select>
            <button type="button" onClick={submit} disabled={selected.length === 0 || !picked || bulk.isPending} className="rounded bg-brand-600 px-3 py-1 font-medium text-white disabled:opacity-50">
              {t('bulk.bookSelected', { n: selected.length })}
            </button>
          </div>
        </>
      )}
      {results.length > 0 && (
        <ul aria-label={t('bulk.results')} className="grid gap-1">
          {results.map((r) => (
            <li key={r.orderId} className={r.ok ? 'text-brand-700' : 'text-red-700'}>
              <span className="font-mono">{codeOf(r.orderId)}</span>: {outcome(r)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
