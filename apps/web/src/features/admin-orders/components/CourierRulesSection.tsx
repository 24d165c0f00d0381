import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '@/i18n';
import { translateMessage } from '@/i18n/messages';
import { DISTRICTS } from '@haat/shared/districts';
import type { CourierProvider, CourierRule, CourierRules } from '@haat/shared/schemas/courier';
import { SubmitButton } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { useCourierProviders, useCourierRules, useSaveCourierRules } from '../api/courier';
import { ADMIN_ORDERS_NS } from '../locales';
import { districtName } from './CourierOptions';

const select = 'w-full rounded border border-slate-300 bg-white px-2 py-1.5';

/**
 * Courier by district (issue 46, decision 0122), on the delivery settings page: the fallback courier, one per
 * zone (inside and outside Dhaka), and one per district the owner adds. Saved all at once; the server checks
 * every rule again (a 400 says why, and nothing changes).
 */
export function CourierRulesSection() {
  const t = useT(ADMIN_ORDERS_NS);
  const rules = useCourierRules();
  return (
    <section aria-labelledby="courier-rules-title" className="mt-8 grid max-w-md gap-3">
      <h2 id="courier-rules-title" className="text-lg font-semibold text-slate-800">{t('rules.title')}</h2>
      <p className="text-sm text-slate-600">{t('rules.intro')}</p>
      {rules.data ? <CourierRulesForm current={rules.data} /> : <Spinner className="h-8 w-8" label={t('shipping.loading')} />}
    </section>
  );
}

function CourierRulesForm({ current }: { current: CourierRules }) {
  const t = useT(ADMIN_ORDERS_NS);
  const providers = useCourierProviders(true);
  const save = useSaveCourierRules();
  const [fallback, setFallback] = useState<CourierProvider | ''>(current.fallback ?? '');
  const [zones, setZones] = useState<Record<string, CourierProvider | ''>>(() => Object.fromEntries(current.rules.filter((r) => r.area.includes('_dhaka')).map((r) => [r.area, r.provider])));
  const [districts, setDistricts] = useState<{ area: string; provider: CourierProvider | '' }[]>(() => current.rules.filter((r) => !r.area.includes('_dhaka')));
  const [adding, setAdding] = useState('');
  const [failure, setFailure] = useState('');
  useEffect(() => setFailure(''), [fallback, zones, districts]);
  const list = providers.data ?? [];
  const courierSelect = (label: string, value: CourierProvider | '', onChange: (v: CourierProvider | '') => void) => (
    <label className="grid gap-1 text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      <select aria-label={label} className={select} value={value} onChange={(e) => onChange(e.target.value as CourierProvider | '')}>
        <option value="">{t('rules.none')}</option>
        {list.map((p) => <option key={p.provider} value={p.provider}>{p.label}</option>)}
      </select>
    </label>
  );
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const chosen: CourierRule[] = [
      ...Object.entries(zones).flatMap(([area, provider]) => (provider ? [{ area, provider }] : [])),
      ...districts.flatMap((d) => (d.provider ? [{ area: d.area, provider: d.provider }] : [])),
    ];
    try {
      const res = await save.mutateAsync({ rules: chosen, fallback: fallback || null });
      toast.success(translateMessage(res.message));
    } catch (err) {
      setFailure(errorMessage(err));
    }
  };
  if (providers.data?.length === 0) return <p role="alert" className="text-red-700">{t('rules.noCourier')}</p>;
  const free = DISTRICTS.filter((d) => !districts.some((x) => x.area === d.key));
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      {courierSelect(t('rules.fallback'), fallback, setFallback)}
      {courierSelect(t('rules.insideDhaka'), zones.inside_dhaka ?? '', (v) => setZones({ ...zones, inside_dhaka: v }))}
      {courierSelect(t('rules.outsideDhaka'), zones.outside_dhaka ?? '', (v) => setZones({ ...zones, outside_dhaka: v }))}
      <fieldset className="grid gap-2">
        <legend className="font-medium text-slate-700">{t('rules.districts')}</legend>
        {districts.map((d, i) => (
          <div key={d.area} className="flex items-end gap-2">
            <div className="flex-1">{courierSelect(t('rules.courierFor', { district: districtName(d.area) }), d.provider, (v) => setDistricts(districts.map((x, j) => (j === i ? { ...x, provider: v } : x))))}</div>
            <button type="button" aria-label={t('rules.remove', { district: districtName(d.area) })} onClick={() => setDistricts(districts.filter((_, j) => j !== i))} className="rounded border border-slate-300 px-2 py-1.5 hover:bg-slate-100">
              {t('rules.removeShort')}
            </button>
          </div>
        ))}
        <div className="flex items-end gap-2">
          <label className="grid flex-1 gap-1 text-sm">
            <span className="font-medium text-slate-700">{t('rules.district')}</span>
            <select aria-label={t('rules.district')} className={select} value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">{t('rules.chooseDistrict')}</option>
              {free.map((d) => <option key={d.key} value={d.key}>{districtName(d.key)}</option>)}
            </select>
          </label>
          <button
            type="button"
            disabled={!adding}
            onClick={() => (setDistricts([...districts, { area: adding, provider: list[0]?.provider ?? '' }]), setAdding(''))}
            className="rounded border border-slate-300 px-3 py-1.5 hover:bg-slate-100 disabled:opacity-50"
          >
            {t('rules.add')}
          </button>
        </div>
      </fieldset>
      {failure && <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-700">{failure}</p>}
      <SubmitButton loading={save.isPending}>{t('rules.save')}</SubmitButton>
    </form>
  );
}
