import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ADMIN_ORDERS_NS } from '../locales';
import { usePageTitle } from '@/i18n/pageTitle';

/** The shop's page background (body bg-slate-50) would print grey below the document. */
export const PRINT_WHITE = '@media print { body { background: #fff; } }';

/** The invoice and label pages' screen-only bar: back to All Orders and Print (hidden on paper). */
export function PrintToolbar({ title, children }: { title: string; children?: ReactNode }) {
  const t = useT(ADMIN_ORDERS_NS);
  // The printed pages are outside the dashboard's layout: their heading is their tab's title (issue 42).
  usePageTitle(title);
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white p-3 print:hidden">
      <Link to={paths.dashboard.orders()} className="text-sm font-medium text-brand-700 hover:underline">
        {t('print.back')}
      </Link>
      <h1 className="flex-1 text-lg font-semibold text-slate-800">{title}</h1>
      {children}
      <button type="button" onClick={() => window.print()} className="rounded bg-brand-600 px-4 py-1.5 font-medium text-white hover:bg-brand-700">
        {t('print.print')}
      </button>
    </div>
  );
}
