import '@/i18n/adminMessages.locales';
import type { SettlementOverview } from '@haat/shared/schemas/settlements';
import { useT } from '@/i18n';
import { formatCount } from '@/i18n/format';
import { QueryList } from '@/components/QueryList';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { usePull, useSettlements } from '../api/settlements';
import { AccountsExport } from '../components/AccountsExport';
import { CourierOwed } from '../components/CourierOwed';
import { ParcelRow } from '../components/ParcelRow';
import { Payouts } from '../components/Payouts';
import { RateCard } from '../components/RateCard';
import { StatementUpload } from '../components/StatementUpload';
import { heading, quietButton } from '../components/styles';
import { SETTLEMENTS_NS } from './settlements.locales';

/** /dashboard/settlements: what each courier owes, the exceptions first, the payouts, statements, the rate card, the export (issue 44). */
export function SettlementsPage() {
  const t = useT(SETTLEMENTS_NS);
  const overview = useSettlements();
  return (
    <section className="grid gap-4 p-4">
      <h1 className="text-lg font-semibold text-slate-800">{t('title')}</h1>
      <p className="max-w-3xl text-sm text-slate-600">{t('intro')}</p>
      <QueryList query={overview} isEmpty={() => false} loading={t('loading')} empty="">
        {(data) => <Overview data={data} />}
      </QueryList>
    </section>
  );
}

function Overview({ data }: { data: SettlementOverview }) {
  const t = useT(SETTLEMENTS_NS);
  const pull = usePull();
  const onPull = async () => {
    try {
      const done = await pull.mutateAsync();
      toast.success(t('pulled', { payouts: formatCount(done.payouts), lines: formatCount(done.lines) }));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <>
      <CourierOwed couriers={data.couriers} cash={data.cashWithCouriersPaisa} />
      <section aria-labelledby="settlements-exceptions" className="grid gap-3">
        <h2 id="settlements-exceptions" className={heading}>
          {t('exceptions')}
        </h2>
        {data.exceptions.length === 0 ? (
          <p className="text-sm text-slate-600">{t('noExceptions')}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t('exceptions')}>
            {data.exceptions.map((p) => (
              <ParcelRow key={`${p.provider}:${p.consignmentId}`} parcel={p} />
            ))}
          </ul>
        )}
      </section>
      <div>
        <button type="button" className={quietButton} disabled={pull.isPending} onClick={() => void onPull()}>
          {t('pull')}
        </button>
      </div>
      <Payouts payouts={data.payouts} />
      <StatementUpload />
      <RateCard saved={data.rates} />
      <AccountsExport />
    </>
  );
}
