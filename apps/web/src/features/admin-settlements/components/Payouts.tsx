import { useState } from 'react';
import type { PayoutSummary, SettlementCourier } from '@haat/shared/schemas/settlements';
import { useT, currentLang } from '@/i18n';
import { formatCount } from '@/i18n/format';
import { formatDate } from '@haat/shared/numerals';
import { QueryList } from '@/components/QueryList';
import { usePayout } from '../api/settlements';
import { SETTLEMENTS_NS } from '../pages/settlements.locales';
import { taka } from './money';
import { ParcelRow } from './ParcelRow';
import { card, heading, quietButton } from './styles';

type Courier = SettlementCourier;

/** Every payout, newest first, each opening to its parcels (exceptions first). */
export function Payouts({ payouts }: { payouts: PayoutSummary[] }) {
  const t = useT(SETTLEMENTS_NS);
  return (
    <section aria-labelledby="settlements-payouts" className="grid gap-3">
      <h2 id="settlements-payouts" className={heading}>
        {t('payouts')}
      </h2>
      {payouts.length === 0 ? (
        <p className="text-sm text-slate-600">{t('noPayouts')}</p>
      ) : (
        <ul className="grid gap-3" aria-label={t('payouts')}>
          {payouts.map((p) => (
            <PayoutCard key={p.id} payout={p} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PayoutCard({ payout }: { payout: PayoutSummary }) {
  const t = useT(SETTLEMENTS_NS);
  const [open, setOpen] = useState(false);
  const detail = usePayout(payout.id, open);
  return (
    <li className={card}>
      <p className="flex flex-wrap justify-between gap-x-3 font-medium">
        <span>
          {t(`courier.${payout.provider as Courier}`)} · {t(`source.${payout.source}`)}
        </span>
        <span className="tabular-nums">{taka(payout.amountPaisa)}</span>
      </p>
      <p className="text-slate-600">{t('payoutLine', { date: formatDate(payout.paidAt, currentLang()), ref: payout.reference, lines: formatCount(payout.lines) })}</p>
      {payout.exceptions > 0 && <p className="font-medium text-red-700">{t('openExceptions', { n: formatCount(payout.exceptions) })}</p>}
      <button type="button" className={quietButton} aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('hideLines') : t('showLines')}
      </button>
      {open && (
        <QueryList query={detail} isEmpty={(d) => d.parcels.length === 0} loading={t('loading')} empty={t('noExceptions')}>
          {(d) => (
            <ul className="grid gap-2">
              {d.parcels.map((parcel) => (
                <ParcelRow key={`${parcel.provider}:${parcel.consignmentId}`} parcel={parcel} resolvable={false} />
              ))}
            </ul>
          )}
        </QueryList>
      )}
    </li>
  );
}
