import { useState, type FormEvent } from 'react';
import { useT } from '@/i18n';
import { returnWindowSchema } from '@haat/shared/schemas/returns';
import type { DashboardSummary } from '@haat/shared/schemas/dashboard';
import { formatTaka } from '@haat/shared/money';
import { errorMessage } from '@/lib/api';
import { formatCount } from '@/i18n/format';
import { messagesReady, translateMessage } from '@/i18n/messages';
import { useReturnWindow, useSaveReturnWindow } from '../api/returns';
import { RETURNS_NS } from '../locales';

const card = 'grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm';

/** The dashboard's returns and refunds for its period (issue 27): by reason, by product, refunds in taka, net sales. */
export function AfterSalesFigures({ summary: s }: { summary: DashboardSummary }) {
  const t = useT(RETURNS_NS);
  const a = s.afterSales;
  return (
    <section aria-label={t('dash.title')} className={card}>
      <h2 className="font-semibold text-slate-800">{t('dash.title')}</h2>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div data-testid="refunds-taka">
          <dt className="text-slate-500">{t('dash.refunds')}</dt>
          <dd className="text-lg font-semibold">{formatTaka(a.refunds.taka)}</dd>
        </div>
        <div data-testid="net-sales">
          <dt className="text-slate-500">{t('dash.netSales')}</dt>
          <dd className="text-lg font-semibold">{formatTaka(a.netSales)}</dd>
        </div>
      </dl>
      {a.byReason.length === 0 ? (
        <p className="text-sm text-slate-500">{t('dash.noneYet')}</p>
      ) : (
        <div className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
          <div>
            <h3 className="mb-1 font-medium">{t('dash.byReason')}</h3>
            <ul className="grid gap-1">
              {a.byReason.map((r) => (
                <li key={r.reason} className="flex justify-between gap-2">
                  <span>{t(`reasons.${r.reason}`)}</span>
                  <span className="font-medium">{t('dash.units', { n: formatCount(r.units) })}</span>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="mb-1 font-medium">{t('dash.byProduct')}</h3>
            <ol className="grid gap-1">
              {a.byProduct.map((p) => (
                <li key={`${p.productId}:${p.name}`} className="flex justify-between gap-2">
                  <span className="min-w-0 truncate">{p.name}</span>
                  <span className="font-medium">{t('dash.units', { n: formatCount(p.units) })}</span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      )}
    </section>
  );
}

/** The shop's return window (days after delivery), beside the dashboard's other settings. */
export function ReturnWindowForm() {
  const t = useT(RETURNS_NS);
  const current = useReturnWindow();
  const save = useSaveReturnWindow();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState('');
  const shown = value ?? (current.data ? String(current.data.days) : '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = returnWindowSchema.safeParse({ days: shown });
    if (!parsed.success) return void messagesReady().then(() => setError(translateMessage(parsed.error.issues[0]?.message ?? '')));
    setError('');
    save.mutate(parsed.data.days, { onError: (err) => setError(errorMessage(err)), onSuccess: () => setValue(null) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('windowTitle')} className={`${card} max-w-md text-sm`}>
      <h2 className="font-semibold text-slate-800">{t('windowTitle')}</h2>
      <label className="grid gap-1" htmlFor="returnWindowDays">
        <span className="font-medium text-slate-700">{t('windowDays')}</span>
        <input id="returnWindowDays" inputMode="numeric" value={shown} onChange={(e) => setValue(e.target.value)} className="w-28 rounded border border-slate-300 px-2 py-1" />
      </label>
      {error && <p role="alert" className="text-red-700">{error}</p>}
      {save.isSuccess && value === null && <p role="status" className="text-green-800">{t('saved')}</p>}
      <button type="submit" disabled={save.isPending} className="justify-self-start rounded bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700 disabled:opacity-50">
        {t('save')}
      </button>
    </form>
  );
}
