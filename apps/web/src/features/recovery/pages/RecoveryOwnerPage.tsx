import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatTaka } from '@haat/shared/money';
import { toAsciiDigits } from '@haat/shared/phone';
import type { RecoverySettings } from '@haat/shared/schemas/recovery';
import { chosenLabel } from '@haat/shared/variant-words';
import { currentLang, useT } from '@/i18n';
import { SubmitButton } from '@/components/Button';
import { TextField } from '@/components/FormField';
import { Spinner } from '@/components/Spinner';
import { formatCount, useFormatDay } from '@/i18n/format';
import { translateMessage } from '@/i18n/messages';
import { errorMessage } from '@/lib/api';
import { useMostAsked, useRecoverySettings, useRecoveryWeeks, useSaveRecoverySettings } from '../api/recovery';
import { RECOVERY_NS } from '../locales';

/**
 * /dashboard/recovery (issue 45, settings.manage): checkout recovery's settings and its figures per week, and the
 * sold-out variants shoppers most asked for. The server checks every field (a 400 says the rule).
 */
export function RecoveryOwnerPage() {
  const t = useT(RECOVERY_NS, 'owner');
  const settings = useRecoverySettings();
  return (
    <section className="grid max-w-3xl gap-6 p-4">
      <h1 className="text-lg font-semibold text-slate-800">{t('title')}</h1>
      {settings.data ? <SettingsForm current={settings.data} /> : <Spinner className="h-8 w-8" />}
      <Weeks />
      <MostAsked />
    </section>
  );
}

const number = (text: string) => Number(toAsciiDigits(text.trim()));

function SettingsForm({ current }: { current: RecoverySettings }) {
  const t = useT(RECOVERY_NS, 'owner');
  const save = useSaveRecoverySettings();
  const [on, setOn] = useState(current.on);
  const [delays, setDelays] = useState([0, 1, 2].map((k) => (current.delays_hours[k] === undefined ? '' : String(current.delays_hours[k]))));
  const [voucher, setVoucher] = useState(String(current.voucher_taka));
  const [voucherMin, setVoucherMin] = useState(String(current.voucher_min_subtotal));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { on, delays_hours: delays.filter((d) => d.trim() !== '').map(number), voucher_taka: number(voucher), voucher_min_subtotal: number(voucherMin) };
    save.mutate(input, { onSuccess: (res) => toast.success(translateMessage(res.message)), onError: (err) => toast.error(errorMessage(err)) });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-medium text-slate-800">{t('recovery')}</h2>
      <p className="text-sm text-slate-600">{t('intro')}</p>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} className="accent-brand-600" />
        {t('on')}
      </label>
      {delays.map((d, k) => (
        <TextField key={k} label={t('delay', { n: formatCount(k + 1) })} id={`recovery-delay-${k}`} digits value={d} onChange={(e) => setDelays(delays.map((x, j) => (j === k ? e.target.value : x)))} />
      ))}
      <TextField label={t('voucher')} id="recovery-voucher" digits value={voucher} onChange={(e) => setVoucher(e.target.value)} />
      <TextField label={t('voucherMin')} id="recovery-voucher-min" digits value={voucherMin} onChange={(e) => setVoucherMin(e.target.value)} />
      <SubmitButton loading={save.isPending}>{t('save')}</SubmitButton>
    </form>
  );
}

function Weeks() {
  const t = useT(RECOVERY_NS, 'owner');
  const formatDay = useFormatDay();
  const weeks = useRecoveryWeeks().data;
  return (
    <div className="grid gap-2">
      <h2 className="font-medium text-slate-800">{t('weeks')}</h2>
      {weeks && weeks.length === 0 && <p className="text-sm text-slate-600">{t('noWeeks')}</p>}
      {weeks && weeks.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                {(['week', 'sent', 'clicked', 'recovered', 'revenue'] as const).map((h) => (
                  <th key={h} className="p-2 font-medium">
                    {t(h)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((w) => (
                <tr key={w.week} className="border-t border-slate-100">
                  <td className="p-2">{formatDay(w.week)}</td>
                  <td className="p-2">{formatCount(w.sent)}</td>
                  <td className="p-2">{formatCount(w.clicked)}</td>
                  <td className="p-2">{formatCount(w.recovered)}</td>
                  <td className="p-2">{formatTaka(w.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function MostAsked() {
  const t = useT(RECOVERY_NS, 'owner');
  const bn = currentLang() === 'bn';
  const asked = useMostAsked();
  // A role without catalogue.manage is refused this list: the section is left out.
  if (asked.isError) return null;
  return (
    <div className="grid gap-2">
      <h2 className="font-medium text-slate-800">{t('mostAsked')}</h2>
      {asked.data && asked.data.length === 0 && <p className="text-sm text-slate-600">{t('noneAsked')}</p>}
      {asked.data && asked.data.length > 0 && (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th className="p-2 font-medium">{t('item')}</th>
              <th className="p-2 font-medium">{t('waiting')}</th>
              <th className="p-2 font-medium">{t('wishlisted')}</th>
            </tr>
          </thead>
          <tbody>
            {asked.data.map((a) => {
              const label = chosenLabel(a.options, bn ? 'bn' : 'en');
              return (
                <tr key={a.variant_id} className="border-t border-slate-100">
                  <td className="p-2">
                    {(bn && a.name_bn) || a.name}
                    {label && <span className="text-slate-600"> ({label})</span>}
                  </td>
                  <td className="p-2">{formatCount(a.waiting)}</td>
                  <td className="p-2">{formatCount(a.wishlisted)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
