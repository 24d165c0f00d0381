import type { CourierTimelineEntry } from '@haat/shared/schemas/courier';
import { useTranslation } from 'react-i18next';
import { COMPONENTS_NS } from './locales';
import { useFormatDate } from '@/i18n/format';

/** A parcel's updates, oldest first, each with its date: the admin card, My Orders and /track share it. */
export function CourierTimeline({ entries, label }: { entries: CourierTimelineEntry[]; label?: string }) {
  const { t } = useTranslation(COMPONENTS_NS);
  const formatDate = useFormatDate();
  if (entries.length === 0) return null;
  return (
    <ol aria-label={label ?? t('courierUpdates')} className="grid gap-1 border-l-2 border-slate-200 pl-3 text-sm">
      {entries.map((e, i) => (
        <li key={`${e.at}-${i}`} className="grid">
          <span className="text-slate-800">{e.message || e.status}</span>
          <time dateTime={e.at} className="text-xs text-slate-500">
            {formatDate(e.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
