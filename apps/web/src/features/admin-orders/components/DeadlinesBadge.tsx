import { useT, currentLang } from '@/i18n';
import { formatDhaka } from '@/lib/dhakaTime';
import type { AdminOrder } from '../api/getAllOrders';
import { ADMIN_ORDERS_NS } from '../locales';

/**
 * An order's due times on the admin card (issue 27, decision 0076): hand to
 * the courier by, deliver by (Dhaka time), each done or late, and a clear
 * Overdue when one has passed unmet. Nothing for an order without any
 * (cancelled, returned, awaiting its bKash payment). Words carry the meaning;
 * the red only repeats it.
 */
export function DeadlinesBadge({ order }: { order: Pick<AdminOrder, 'deadlines'> }) {
  const t = useT(ADMIN_ORDERS_NS);
  const list = order.deadlines ?? [];
  if (list.length === 0) return null;
  const overdue = list.some((d) => d.overdue);
  const lang = currentLang();
  return (
    <div role="group" aria-label={t('deadlines.region')} data-overdue={overdue} className={`grid gap-1 rounded border px-3 py-2 ${overdue ? 'border-red-300 bg-red-50 text-red-900' : 'border-slate-200 bg-slate-50 text-slate-700'}`}>
      {overdue && <p className="w-fit rounded bg-red-700 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">{t('deadlines.overdue')}</p>}
      <ul className="grid gap-0.5 text-xs">
        {list.map((d) => (
          <li key={`${d.kind}-${d.dueAt}`} className={d.met ? 'text-slate-600' : d.overdue ? 'font-semibold' : ''}>
            {t(`deadlines.${d.kind}`)} <time dateTime={d.dueAt}>{formatDhaka(d.dueAt, lang)}</time>
            {d.met && ` · ${t('deadlines.met')}`}
            {d.overdue && ` · ${t('deadlines.late')}`}
          </li>
        ))}
      </ul>
    </div>
  );
}
