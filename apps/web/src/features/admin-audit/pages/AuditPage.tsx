import { useState } from 'react';
import { useT, currentLang } from '@/i18n';
import { AUDIT_KINDS, type AuditEntry, type AuditPerson } from '@haat/shared/schemas/audit';
import { inputClass } from '@/components/FormField';
import { QueryList } from '@/components/QueryList';
import '@/i18n/adminMessages.locales';
import { formatCount } from '@/i18n/format';
import { useLocalName } from '@/i18n/localName';
import { formatDhaka } from '@/lib/dhakaTime';
import { useAuditLog, type AuditFilters } from '../api/audit';
import { AuditChanges } from '../components/AuditChanges';
import { AUDIT_NS } from './audit.locales';

const secondaryButton = 'rounded-lg border border-slate-300 px-3 py-2 text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

const NO_FILTERS: AuditFilters = { person: '', kind: '', from: '', to: '', page: 1 };

/** /dashboard/audit: the Owner reads who changed what, when and from where (issue 28, decision 0065). */
export function AuditPage() {
  const t = useT(AUDIT_NS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const log = useAuditLog(filters);
  const { data } = log;
  // A filter change starts again at the newest page.
  const set = (change: Partial<AuditFilters>) => setFilters((f) => ({ ...f, page: 1, ...change }));
  const pages = data?.totalPages ?? 1;
  return (
    <section className="grid gap-4 p-4">
      <h1 className="text-lg font-semibold text-slate-800">{t('title')}</h1>
      <p className="max-w-3xl text-sm text-slate-600">{t('intro')}</p>
      <form aria-label={t('filters')} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" onSubmit={(e) => e.preventDefault()}>
        <label className="grid gap-1 text-sm">
          {t('person')}
          <select className={inputClass} value={filters.person} onChange={(e) => set({ person: e.target.value })}>
            <option value="">{t('anyone')}</option>
            {(data?.people ?? []).map((p: AuditPerson) => (
              <option key={p._id} value={p._id}>
                {p.name || p.email}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          {t('kind')}
          <select className={inputClass} value={filters.kind} onChange={(e) => set({ kind: e.target.value })}>
            <option value="">{t('anyKind')}</option>
            {AUDIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          {t('from')}
          <input className={inputClass} type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label className="grid gap-1 text-sm">
          {t('to')}
          <input className={inputClass} type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set({ to: e.target.value })} />
        </label>
        <button type="button" className={secondaryButton} onClick={() => setFilters(NO_FILTERS)}>
          {t('clear')}
        </button>
      </form>
      <QueryList query={log} isEmpty={(page) => page.data.length === 0} loading={t('loading')} empty={t('empty')}>
        {(page) => (
          <>
            <ul className="grid gap-3" aria-label={t('title')}>
              {page.data.map((e) => (
                <EntryCard key={e._id} entry={e} />
              ))}
            </ul>
            {pages > 1 && (
              <nav className="flex items-center gap-3 text-sm" aria-label={t('page', { page: formatCount(filters.page), pages: formatCount(pages) })}>
                <button type="button" className={secondaryButton} disabled={filters.page <= 1} onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}>
                  {t('previous')}
                </button>
                <span>{t('page', { page: formatCount(filters.page), pages: formatCount(pages) })}</span>
                <button type="button" className={secondaryButton} disabled={filters.page >= pages} onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}>
                  {t('next')}
                </button>
              </nav>
            )}
          </>
        )}
      </QueryList>
    </section>
  );
}

function EntryCard({ entry }: { entry: AuditEntry }) {
  const t = useT(AUDIT_NS);
  const nameOf = useLocalName();
  // A product's, category's or promotion's Bangla name on a Bangla page (issue 42), as the shop shows it.
  const target = nameOf({ name: entry.target_label, name_bn: entry.target_label_bn });
  return (
    <li className="grid gap-2 rounded border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium text-slate-800">
          {t(`kinds.${entry.kind}`)} {t(`actions.${entry.action}`)}
          {target && <span className="font-normal text-slate-600"> · {target}</span>}
        </p>
        <time dateTime={entry.at} className="text-slate-600">
          {formatDhaka(entry.at, currentLang())}
        </time>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
        <dt className="text-slate-500">{t('who')}</dt>
        <dd className="break-all">
          {entry.actor.name || entry.actor.email} ({t(`roles.${entry.actor.role}`)}) · {entry.actor.email}
        </dd>
        <dt className="text-slate-500">{t('where')}</dt>
        <dd className="break-all">{entry.ip || t('none')}</dd>
      </dl>
      <AuditChanges entry={entry} />
    </li>
  );
}
