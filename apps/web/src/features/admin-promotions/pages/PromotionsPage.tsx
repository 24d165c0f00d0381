import { useState } from 'react';
import { useT, currentLang } from '@/i18n';
import toast from 'react-hot-toast';
import { formatTaka } from '@haat/shared/money';
import type { PromotionWithStats } from '@haat/shared/schemas/promotion';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { useOfferAmount } from '@/components/OfferBadges';
import { formatCount } from '@/i18n/format';
import { useLocalName } from '@/i18n/localName';
import { errorMessage } from '@/lib/api';
import { useAdminPromotions } from '@/lib/adminPromotions';
import { useSetPromotionActive } from '../api/promotions';
import { PromotionForm } from '../components/PromotionForm';
import { formatDhaka } from '@/lib/dhakaTime';
import { ADMIN_PROMOTIONS_NS } from '../locales';

const PERIODS = [7, 30, 90] as const;

/** /dashboard/promotions (ADMIN, issue 22): the promotions with their figures over a period; create, edit, pause and resume. */
export function PromotionsPage() {
  const t = useT(ADMIN_PROMOTIONS_NS);
  const [days, setDays] = useState<number>(30);
  const { data, isPending, isError, refetch } = useAdminPromotions(days);
  // null: no form; 'new': a new one; else the promotion being edited.
  const [editing, setEditing] = useState<PromotionWithStats | 'new' | null>(null);

  return (
    <section className="grid gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-lg font-semibold text-slate-800">{t('title')}</h1>
        {editing === null && <Button onClick={() => setEditing('new')} className="px-4">{t('add')}</Button>}
      </div>
      <p className="text-sm text-slate-600">{t('intro')}</p>
      {editing !== null && <PromotionForm key={editing === 'new' ? 'new' : editing._id} promotion={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-600">{t('period', { n: formatCount(days) })}</span>
        <div role="group" aria-label={t('period', { n: formatCount(days) })} className="inline-flex overflow-hidden rounded-md border border-slate-300">
          {PERIODS.map((n) => (
            <button key={n} type="button" aria-pressed={days === n} onClick={() => setDays(n)} className={`px-3 py-1 ${days === n ? 'bg-brand-600 font-semibold text-white' : 'bg-white text-slate-700'}`}>
              {t('days', { n: formatCount(n) })}
            </button>
          ))}
        </div>
      </div>
      {isPending ? (
        <Spinner className="h-8 w-8" label={t('loading')} />
      ) : isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-red-700">
          {t('failed')}
          <Button onClick={() => void refetch()} className="px-4">{t('retry')}</Button>
        </div>
      ) : data.length === 0 ? (
        <p className="text-slate-500">{t('none')}</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {data.map((p) => (
            <PromotionCard key={p._id} promotion={p} onEdit={() => setEditing(p)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PromotionCard({ promotion: p, onEdit }: { promotion: PromotionWithStats; onEdit: () => void }) {
  const t = useT(ADMIN_PROMOTIONS_NS);
  const nameOf = useLocalName();
  const amountOf = useOfferAmount();
  const setActive = useSetPromotionActive();
  const lang = currentLang();
  const now = Date.now();
  const state = !p.active ? 'paused' : now < Date.parse(p.starts_at) ? 'scheduled' : now >= Date.parse(p.ends_at) ? 'ended' : 'running';
  const toggle = () =>
    setActive.mutate(
      { id: p._id, active: !p.active },
      { onSuccess: () => toast.success(p.active ? t('pausedToast') : t('resumedToast')), onError: (err) => toast.error(errorMessage(err)) },
    );
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm" data-testid="promotion-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-800">
          {nameOf(p)} <span className="font-normal text-brand-700">{amountOf(p)}</span>
        </h2>
        <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${state === 'running' ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-700'}`}>{t(state)}</span>
      </div>
      <p className="text-slate-600">
        <span className="font-mono font-semibold text-slate-800">{p.code ?? t('automatic')}</span>
        {' · '}
        {t('window', { from: formatDhaka(p.starts_at, lang), to: formatDhaka(p.ends_at, lang) })}
      </p>
      <p className="text-slate-600">
        {p.usage_limit === null ? t('used', { count: p.used, n: formatCount(p.used) }) : t('usedOf', { n: formatCount(p.used), limit: formatCount(p.usage_limit) })}
      </p>
      <dl className="grid grid-cols-3 gap-2 rounded bg-slate-50 p-2 text-center" data-testid="promotion-stats">
        <div>
          <dt className="text-xs text-slate-500">{t('statsOrders')}</dt>
          <dd className="font-semibold">{formatCount(p.stats.orders)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('statsGiven')}</dt>
          <dd className="font-semibold">{formatTaka(p.stats.discount_taka)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('statsSales')}</dt>
          <dd className="font-semibold">{formatTaka(p.stats.sales_taka)}</dd>
        </div>
      </dl>
      <div className="flex gap-2">
        <button type="button" onClick={onEdit} className="rounded border border-slate-300 px-3 py-1 font-semibold text-slate-700 hover:bg-slate-50" aria-label={`${t('edit')} ${nameOf(p)}`}>
          {t('edit')}
        </button>
        <button type="button" onClick={toggle} disabled={setActive.isPending} className="rounded border border-slate-300 px-3 py-1 font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50" aria-label={`${p.active ? t('pause') : t('resume')} ${nameOf(p)}`}>
          {p.active ? t('pause') : t('resume')}
        </button>
      </div>
    </li>
  );
}
