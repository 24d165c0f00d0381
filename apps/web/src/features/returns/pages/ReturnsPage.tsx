import { useState } from 'react';
import { useT } from '@/i18n';
import { RETURN_STATES, type ReturnState } from '@haat/shared/returns';
import { errorMessage } from '@/lib/api';
import { useReturnsList } from '../api/returns';
import { ReturnCard } from '../components/ReturnsPanel';
import { RETURNS_NS } from '../locales';
// The owner's answers ('Return updated.', 'Items received.') in Bangla: their table comes with the admin's pages.
import '@/i18n/adminMessages.locales';

/** /dashboard/returns: every return and exchange, newest first, by state (those asked for first), a page at a time with Load more. */
export function ReturnsPage() {
  const t = useT(RETURNS_NS);
  const [state, setState] = useState<ReturnState | 'all'>('requested');
  const list = useReturnsList(state);
  // Pages one after another (RETURNS_PAGE_SIZE each); a return that moved between pages is shown once.
  const returns = list.data && [...new Map(list.data.pages.flatMap((p) => p.data).map((r) => [r._id, r])).values()];
  return (
    <section className="grid gap-4 p-4">
      <h1 className="text-lg font-semibold text-slate-800">{t('listTitle')}</h1>
      <div role="group" aria-label={t('listTitle')} className="flex flex-wrap gap-2">
        {(['all', ...RETURN_STATES] as const).map((s) => (
          <button key={s} type="button" aria-pressed={state === s} onClick={() => setState(s)} className={`rounded-full border px-3 py-1 text-sm font-medium ${state === s ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 text-slate-700 hover:bg-slate-100'}`}>
            {s === 'all' ? t('filterAll') : t(`states.${s}`)}
          </button>
        ))}
      </div>
      {list.isPending && <div className="h-24 animate-pulse rounded bg-slate-100" aria-busy="true" />}
      {list.isError && <p role="alert" className="text-red-700">{errorMessage(list.error)}</p>}
      {returns?.length === 0 && <p className="py-8 text-center text-slate-500">{t('none')}</p>}
      <div className="grid gap-3 md:grid-cols-2">
        {returns?.map((r) => (
          <ReturnCard key={r._id} ret={r} />
        ))}
      </div>
      {list.hasNextPage && (
        <button type="button" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} className="justify-self-center rounded border border-slate-300 px-4 py-1.5 font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-50">
          {list.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
        </button>
      )}
    </section>
  );
}
