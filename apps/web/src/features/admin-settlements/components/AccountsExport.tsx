import { useState, type FormEvent } from 'react';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { downloadAccounts } from '../api/settlements';
import { SETTLEMENTS_NS } from '../pages/settlements.locales';
import { card, field, heading, quietButton } from './styles';

/** The Dhaka day of an instant, YYYY-MM-DD. */
const dhakaDay = (at: number) => new Date(at + 6 * 3600_000).toISOString().slice(0, 10);

/** The accounting export: a daily or monthly CSV of a period, downloaded. */
export function AccountsExport() {
  const t = useT(SETTLEMENTS_NS);
  const [period, setPeriod] = useState<'daily' | 'monthly'>('daily');
  const [from, setFrom] = useState(() => dhakaDay(Date.now() - 29 * 86_400_000));
  const [to, setTo] = useState(() => dhakaDay(Date.now()));
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await downloadAccounts(period, from, to);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="settlements-export" className={card}>
      <h2 id="settlements-export" className={heading}>
        {t('export')}
      </h2>
      <p className="text-slate-600">{t('exportIntro')}</p>
      <form onSubmit={(e) => void submit(e)} className="grid gap-2 sm:grid-cols-3">
        <fieldset className="flex gap-3 sm:col-span-3">
          {(['daily', 'monthly'] as const).map((p) => (
            <label key={p} className="flex items-center gap-1">
              <input type="radio" name="period" value={p} checked={period === p} onChange={() => setPeriod(p)} />
              {t(`period.${p}`)}
            </label>
          ))}
        </fieldset>
        <label className="grid gap-1">
          <span className="text-slate-500">{t('from')}</span>
          <input type="date" className={field} value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="grid gap-1">
          <span className="text-slate-500">{t('to')}</span>
          <input type="date" className={field} value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button type="submit" className={`${quietButton} self-end`} disabled={busy}>
          {t('download')}
        </button>
      </form>
    </section>
  );
}
