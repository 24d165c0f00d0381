import { useState } from 'react';
import { useT, currentLang } from '@/i18n';
import { formatTaka } from '@haat/shared/money';
import { AUDIT_KINDS, type AuditEntry, type AuditPerson } from '@haat/shared/schemas/audit';
import { inputClass } from '@/components/FormField';
import { QueryList } from '@/components/QueryList';
import '@/i18n/adminMessages.locales';
import { formatCount } from '@/i18n/format';
import { useOrderWords } from '@/i18n/orderWords';
import { formatDhaka } from '@/lib/dhakaTime';
import { useAuditLog, type AuditFilters } from '../api/audit';
import { AUDIT_NS } from './audit.locales';

const secondaryButton = 'rounded-lg border border-slate-300 px-3 py-2 text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

const NO_FILTERS: AuditFilters = { person: '', kind: '', from: '', to: '', page: 1 };

/** Fields that hold whole taka, shown with the shared formatter. */
const MONEY_FIELDS = new Set(['price', 'insideDhaka', 'outsideDhaka', 'refundedAmount', 'total_amount', 'min_subtotal']);

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
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return (
    <li className="grid gap-2 rounded border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium text-slate-800">
          {t(`kinds.${entry.kind}`)} {t(`actions.${entry.action}`)}
          {entry.target_label && <span className="font-normal text-slate-600"> · {entry.target_label}</span>}
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
      {fields.length > 0 && (
        <table className="w-full text-left">
          <caption className="sr-only">{t('changes')}</caption>
          <tbody>
            {fields.map((f) => (
              <tr key={f} className="border-t border-slate-100 align-top">
                <th scope="row" className="py-1 pr-2 font-normal text-slate-500">
                  {f}
                </th>
                <td className="break-all py-1">
                  <FieldValue field={f} value={entry.before?.[f]} missing={!entry.before} />
                  {' → '}
                  <FieldValue field={f} value={entry.after?.[f]} missing={!entry.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

/** One value as a person reads it: taka for money, the order's words for a status, yes/no, lists joined. */
function FieldValue({ field, value, missing }: { field: string; value: unknown; missing: boolean }) {
  const t = useT(AUDIT_NS);
  const words = useOrderWords();
  const text = (() => {
    if (missing || value === null || value === undefined || value === '') return t('none');
    if (typeof value === 'boolean') return value ? t('yes') : t('no');
    if (typeof value === 'number') return MONEY_FIELDS.has(field) ? formatTaka(value) : formatCount(value);
    if (typeof value === 'string') {
      if (field === 'status') return words.status(value);
      if (field === 'role' && value in ROLE_KEYS) return t(`roles.${value as keyof typeof ROLE_KEYS}`);
      return value.length > 160 ? `${value.slice(0, 160)}…` : value;
    }
    if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : t('none');
    return JSON.stringify(value);
  })();
  return <span className={missing ? 'text-slate-400' : undefined}>{text}</span>;
}

const ROLE_KEYS = { USER: 1, ADMIN: 1, MANAGER: 1, ORDERS: 1, CATALOGUE: 1, PACKER: 1 } as const;
