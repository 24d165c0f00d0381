import { useState, type FormEvent } from 'react';
import { DEFAULT_RATES, RATE_ZONES, SETTLEMENT_COURIERS, type CourierRate } from '@haat/shared/schemas/settlements';
import { useT } from '@/i18n';
import { translateMessage } from '@/i18n/messages';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSaveRates } from '../api/settlements';
import { SETTLEMENTS_NS } from '../pages/settlements.locales';
import { card, field, heading, quietButton } from './styles';

const NUMBERS = ['deliveryCharge', 'codFeePermille', 'returnCharge'] as const;
const LABEL = { deliveryCharge: 'deliveryCharge', codFeePermille: 'codFee', returnCharge: 'returnCharge' } as const;

/** The rate card: each real courier's charges inside and outside Dhaka (the saved ones, else the defaults). */
export function RateCard({ saved }: { saved: CourierRate[] }) {
  const t = useT(SETTLEMENTS_NS);
  const save = useSaveRates();
  const couriers = SETTLEMENT_COURIERS.filter((c) => c !== 'sandbox');
  const [rates, setRates] = useState<CourierRate[]>(() =>
    couriers.flatMap((provider) => RATE_ZONES.map((zone) => saved.find((r) => r.provider === provider && r.zone === zone) ?? { provider, zone, ...DEFAULT_RATES[zone] })),
  );
  const change = (i: number, key: (typeof NUMBERS)[number], value: string) => setRates(rates.map((r, j) => (j === i ? { ...r, [key]: Number(value) } : r)));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync(rates);
      toast.success(translateMessage('Rate card saved.'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <section aria-labelledby="settlements-rates" className={card}>
      <h2 id="settlements-rates" className={heading}>
        {t('rates')}
      </h2>
      <p className="text-slate-600">{t('ratesIntro')}</p>
      <form onSubmit={(e) => void submit(e)} className="grid gap-3">
        {rates.map((r, i) => (
          <fieldset key={`${r.provider}/${r.zone}`} className="grid grid-cols-3 gap-2">
            <legend className="font-medium">
              {t(`courier.${r.provider}`)} · {t(`zone.${r.zone}`)}
            </legend>
            {NUMBERS.map((key) => (
              <label key={key} className="grid gap-1">
                <span className="text-slate-500">{t(LABEL[key])}</span>
                <input type="number" inputMode="numeric" min={0} className={field} value={r[key]} onChange={(e) => change(i, key, e.target.value)} />
              </label>
            ))}
          </fieldset>
        ))}
        <button type="submit" className={quietButton} disabled={save.isPending}>
          {t('saveRates')}
        </button>
      </form>
    </section>
  );
}
