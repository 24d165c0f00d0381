import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from '@/i18n/format';
import { ADMIN_ORDERS_NS } from '../locales';

interface Selection {
  selected: string[];
  has: (id: string) => boolean;
  toggle: (id: string) => void;
  clear: () => void;
}

const SelectionContext = createContext<Selection | null>(null);

/** The orders ticked on All Orders, for bulk printing (and other bulk actions). */
export function OrderSelectionProvider({ children }: { children: ReactNode }) {
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = useCallback((id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id])), []);
  const clear = useCallback(() => setSelected([]), []);
  const value = useMemo(() => ({ selected, has: (id: string) => selected.includes(id), toggle, clear }), [selected, toggle, clear]);
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

/** Null outside All Orders: the card then shows no checkbox. */
export const useOrderSelection = () => useContext(SelectionContext);

const action = 'rounded border border-slate-300 bg-white px-3 py-1 font-medium text-slate-700 hover:bg-slate-100';

/** 'Print invoices' and 'Print labels' for the ticked orders; each opens in a new tab to print. */
export function PrintSelectedBar() {
  const t = useT(ADMIN_ORDERS_NS);
  const selection = useOrderSelection();
  if (!selection || selection.selected.length === 0) return null;
  const { selected, clear } = selection;
  return (
    <div role="toolbar" aria-label={t('selection.toolbar')} className="flex flex-wrap items-center gap-2 rounded-lg border border-brand-100 bg-brand-50 p-2 text-sm">
      <span className="font-medium text-slate-700">{t('selection.selected', { n: formatCount(selected.length) })}</span>
      <Link to={paths.dashboard.invoice(selected)} target="_blank" className={action}>
        {t('selection.printInvoices')}
      </Link>
      <Link to={paths.dashboard.labels(selected)} target="_blank" className={action}>
        {t('selection.printLabels')}
      </Link>
      <button type="button" onClick={clear} className="px-2 py-1 text-slate-600 hover:underline">
        {t('selection.clear')}
      </button>
    </div>
  );
}
