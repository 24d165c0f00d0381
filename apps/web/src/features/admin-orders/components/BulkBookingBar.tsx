import { useState } from 'react';
import toast from 'react-hot-toast';
import type { CourierProvider } from '@haat/shared/schemas/courier';
import { errorMessage } from '../../../lib/api';
import type { AdminOrder } from '../api/getAllOrders';
import { useBulkBook, useCourierProviders } from '../api/courier';
import type { BookingResult } from '@haat/shared/schemas/courier';

/**
 * Bulk booking on All Orders: the page's Pending orders not yet booked, to
 * tick and book with one courier. Each order's outcome is listed.
 */
export function BulkBookingBar({ orders }: { orders: AdminOrder[] }) {
  const candidates = orders.filter((o) => o.status === 'Pending' && !o.courier);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [provider, setProvider] = useState<CourierProvider | ''>('');
  const [results, setResults] = useState<BookingResult[]>([]);
  const providers = useCourierProviders(candidates.length > 0);
  const bulk = useBulkBook();
  const selected = candidates.filter((o) => chosen.has(o._id));
  const picked = provider || providers.data?.[0]?.provider || '';
  if (candidates.length === 0 && results.length === 0) return null;

  const toggle = (id: string) => setChosen((s) => {
    const next = new Set(s);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const submit = async () => {
    if (!picked || selected.length === 0) return;
    try {
      const res = await bulk.mutateAsync({ orderIds: selected.map((o) => o._id), provider: picked });
      setResults(res.data);
      setChosen(new Set());
      toast.success(res.message);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const codeOf = (id: string) => orders.find((o) => o._id === id)?.orderId ?? id;

  return (
    <section aria-label="Bulk booking" className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      {candidates.length > 0 && (
        <>
          <h2 className="font-semibold text-slate-800">Book Pending orders with a courier</h2>
          <div className="flex flex-wrap gap-3">
            {candidates.map((o) => (
              <label key={o._id} className="flex items-center gap-1">
                <input type="checkbox" checked={chosen.has(o._id)} onChange={() => toggle(o._id)} aria-label={`Select ${o.orderId}`} />
                <span className="font-mono">{o.orderId}</span>
              </label>
            ))}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <select aria-label="Courier for selected orders" value={picked} onChange={(e) => setProvider(e.target.value as CourierProvider)} className="rounded border border-slate-300 px-2 py-1">
              {providers.data?.map((p) => <option key={p.provider} value={p.provider}>{p.label}</option>)}
            </select>
            <button type="button" onClick={submit} disabled={selected.length === 0 || !picked || bulk.isPending} className="rounded bg-brand-600 px-3 py-1 font-medium text-white disabled:opacity-50">
              Book selected ({selected.length})
            </button>
          </div>
        </>
      )}
      {results.length > 0 && (
        <ul aria-label="Booking results" className="grid gap-1">
          {results.map((r) => (
            <li key={r.orderId} className={r.ok ? 'text-brand-700' : 'text-red-700'}>
              <span className="font-mono">{codeOf(r.orderId)}</span>: {r.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
