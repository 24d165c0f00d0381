import { AGE_BUCKETS, type CourierOwed as Owed, type SettlementCourier } from '@haat/shared/schemas/settlements';
import { useT } from '@/i18n';
import { formatCount } from '@/i18n/format';
import { SETTLEMENTS_NS } from '../pages/settlements.locales';
import { taka } from './money';
import { card, heading } from './styles';

type Courier = SettlementCourier;

/** The cash couriers hold, then each courier's debt by age (0–7, 8–15, 16–30, 30+ days). */
export function CourierOwed({ couriers, cash }: { couriers: Owed[]; cash: number }) {
  const t = useT(SETTLEMENTS_NS);
  return (
    <section aria-labelledby="settlements-couriers" className="grid gap-3">
      <p className="rounded bg-slate-100 p-3 text-slate-800">
        {t('cash')}: <strong className="text-lg">{taka(cash)}</strong>
      </p>
      <h2 id="settlements-couriers" className={heading}>
        {t('couriers')}
      </h2>
      {couriers.length === 0 && <p className="text-slate-600">{t('noCouriers')}</p>}
      <ul className="grid gap-3 sm:grid-cols-2">
        {couriers.map((c) => (
          <li key={c.provider} className={card} aria-label={t(`courier.${c.provider as Courier}`)}>
            <p className="flex justify-between font-medium">
              <span>{t(`courier.${c.provider as Courier}`)}</span>
              <span>
                {t('owed')}: {taka(c.owedPaisa)}
              </span>
            </p>
            <table className="w-full text-left">
              <caption className="pb-1 text-left text-slate-500">{t('ageing')}</caption>
              <tbody>
                {AGE_BUCKETS.map((b) => (
                  <tr key={b} className="border-t border-slate-100">
                    <th scope="row" className="py-1 font-normal text-slate-600">
                      {t(`bucket.${b}`)}
                    </th>
                    <td className="py-1 text-right tabular-nums">{taka(c.ageing[b])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="text-slate-600">{t('unpaidCount', { n: formatCount(c.unpaid) })}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
