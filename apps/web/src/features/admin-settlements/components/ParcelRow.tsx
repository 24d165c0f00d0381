import { useState, type FormEvent } from 'react';
import type { SettledParcel, SettlementCourier } from '@haat/shared/schemas/settlements';
import { useT } from '@/i18n';
import { formatCount } from '@/i18n/format';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { translateMessage } from '@/i18n/messages';
import { useResolve } from '../api/settlements';
import { SETTLEMENTS_NS } from '../pages/settlements.locales';
import { taka } from './money';
import { field, quietButton } from './styles';

type Courier = SettlementCourier;

const TONE: Record<SettledParcel['outcome'], string> = { paid: 'text-green-700', short: 'text-red-700', overcharged: 'text-red-700', unpaid: 'text-amber-800', foreign: 'text-purple-800' };

/** One parcel as reconciled; an open exception can be marked resolved with a note. */
export function ParcelRow({ parcel, resolvable = true }: { parcel: SettledParcel; resolvable?: boolean }) {
  const t = useT(SETTLEMENTS_NS);
  const label = `${t(`courier.${parcel.provider as Courier}`)} ${parcel.consignmentId}`;
  return (
    <li className="grid gap-1 rounded border border-slate-200 p-3 text-sm" aria-label={label}>
      <p className="flex flex-wrap justify-between gap-x-3">
        <span className={`font-medium ${TONE[parcel.outcome]}`}>{t(`outcome.${parcel.outcome}`)}</span>
        <span>{label}</span>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-slate-700">
        {parcel.orderNo && (
          <>
            <dt className="text-slate-500">{t('order')}</dt>
            <dd>
              {parcel.orderNo}
              {parcel.kind && ` · ${t(`kind.${parcel.kind}`)}`}
              {parcel.ageDays !== null && ` · ${t('age', { n: formatCount(parcel.ageDays) })}`}
            </dd>
          </>
        )}
        <dt className="text-slate-500">{t('expected')}</dt>
        <dd className="tabular-nums">{taka(parcel.expectedPaisa)}</dd>
        <dt className="text-slate-500">{t('paid')}</dt>
        <dd className="tabular-nums">{taka(parcel.paidPaisa)}</dd>
        {parcel.outcome !== 'paid' && (
          <>
            <dt className="text-slate-500">{t('difference')}</dt>
            <dd className="tabular-nums">{taka(parcel.differencePaisa)}</dd>
          </>
        )}
      </dl>
      {parcel.resolved ? <p className="text-slate-600">{t('resolvedWith', { note: parcel.resolved.note })}</p> : resolvable && parcel.outcome !== 'paid' && <ResolveForm parcel={parcel} />}
    </li>
  );
}

function ResolveForm({ parcel }: { parcel: SettledParcel }) {
  const t = useT(SETTLEMENTS_NS);
  const resolve = useResolve();
  const [note, setNote] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await resolve.mutateAsync({ provider: parcel.provider as Courier, consignmentId: parcel.consignmentId, note });
      toast.success(translateMessage('Exception resolved.'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2">
      <label className="grid flex-1 gap-1">
        <span className="text-slate-500">{t('note')}</span>
        <input className={field} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      </label>
      <button type="submit" className={quietButton} disabled={resolve.isPending}>
        {resolve.isPending ? t('resolving') : t('resolve')}
      </button>
    </form>
  );
}
