import { useState } from 'react';
import { useT, currentLang } from '@/i18n';
import type { ComplaintView } from '@haat/shared/schemas/complaint';
import { Spinner } from '@/components/Spinner';
import { formatCount, localDigits } from '@/i18n/format';
import { errorMessage } from '@/lib/api';
import { formatDhaka } from '@/lib/dhakaTime';
import { useCanDo } from '@/state/user';
import { useComplaints, useMarkActed } from '../api/shopAdmin';
import { ADMIN_SHOP_NS } from '../locales';

const tab = (on: boolean) => `rounded-full px-3 py-1 text-sm font-medium ${on ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'}`;
const secondaryButton = 'rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * /dashboard/complaints (orders.view): shoppers' complaints with their due time
 * (the guidelines' 72 hours); the overdue ones stand out, and staff who manage
 * orders mark one acted on (issue 27, decision 0077).
 */
export function ComplaintsPage() {
  const t = useT(ADMIN_SHOP_NS, 'complaints');
  const [show, setShow] = useState<'open' | 'all'>('open');
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useComplaints(show, page);
  const choose = (next: 'open' | 'all') => {
    setShow(next);
    setPage(1);
  };
  return (
    <section className="grid gap-4 p-4">
      <h1 className="text-lg font-semibold text-slate-800">{t('title')}</h1>
      {data && <p className="text-sm text-slate-600">{t('summary', { open: formatCount(data.openCount), overdue: formatCount(data.overdueCount) })}</p>}
      <div className="flex gap-2">
        <button type="button" aria-pressed={show === 'open'} className={tab(show === 'open')} onClick={() => choose('open')}>
          {t('open')}
        </button>
        <button type="button" aria-pressed={show === 'all'} className={tab(show === 'all')} onClick={() => choose('all')}>
          {t('all')}
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-red-700">{errorMessage(error)}</p>
      ) : isLoading || !data ? (
        <Spinner className="h-8 w-8" />
      ) : data.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('empty')}</p>
      ) : (
        <ul className="grid gap-3" aria-label={t('title')}>
          {data.data.map((c) => (
            <ComplaintCard key={c._id} complaint={c} />
          ))}
        </ul>
      )}
      {data && data.totalPages > 1 && (
        <div className="flex items-center gap-3 text-sm">
          <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </button>
          <span>{t('page', { page: formatCount(page), pages: formatCount(data.totalPages) })}</span>
          <button type="button" className={secondaryButton} disabled={page >= data.totalPages} onClick={() => setPage(page + 1)}>
            {t('next')}
          </button>
        </div>
      )}
    </section>
  );
}

function ComplaintCard({ complaint: c }: { complaint: ComplaintView }) {
  const t = useT(ADMIN_SHOP_NS, 'complaints');
  const lang = currentLang();
  const canDo = useCanDo();
  const mark = useMarkActed();
  const [note, setNote] = useState('');
  return (
    <li data-overdue={c.overdue} className={`grid gap-2 rounded-lg border p-3 text-sm ${c.overdue ? 'border-red-400 bg-red-50' : 'border-slate-200 bg-white'}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-800">
          {c.name} · <a href={`tel:${c.mobile}`} className="text-brand-700">{localDigits(c.mobile)}</a>
          {c.order_id && <span className="ml-2 font-normal text-slate-600">{t('order', { id: c.order_id })}</span>}
        </p>
        {c.overdue && <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold uppercase text-white">{t('overdue')}</span>}
      </div>
      <p className="whitespace-pre-line text-slate-700">{c.text}</p>
      <p className="text-slate-600">
        {t('filed', { date: formatDhaka(c.createdAt, lang) })} · <span className={c.overdue ? 'font-semibold text-red-700' : ''}>{t('due', { date: formatDhaka(c.dueAt, lang) })}</span>
      </p>
      {c.actedAt ? (
        <p className="text-slate-700">
          {t('acted', { date: formatDhaka(c.actedAt, lang), by: c.actedBy ?? '' })}
          {c.note && <span className="block text-slate-600">{c.note}</span>}
        </p>
      ) : (
        canDo('markComplaintActed') && (
          <div className="flex flex-wrap items-end gap-2">
            <label className="grid flex-1 gap-1">
              <span className="text-slate-600">{t('note')}</span>
              <input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} className="rounded border border-slate-300 px-2 py-1.5" />
            </label>
            <button type="button" className={secondaryButton} disabled={mark.isPending} onClick={() => mark.mutate({ id: c._id, note })}>
              {t('markActed')}
            </button>
            {mark.error && <span role="alert" className="text-red-700">{errorMessage(mark.error)}</span>}
          </div>
        )
      )}
    </li>
  );
}
