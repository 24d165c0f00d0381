import type { CourierTimelineEntry } from '@haat/shared/schemas/courier';
import { useT, currentLang } from '@/i18n';
import { COURIER_WORDS_NS } from './courier.locales';
import { useFormatDate } from '@/i18n/format';
import { useCourierWords } from './courierWords';

/**
 * A parcel's updates, oldest first, each with its date: the admin card, My
 * Orders and /track share it. Each says its status in the page's language; the
 * courier's own words (English) follow in English only (issue 19: one language at a time).
 */
export function CourierTimeline({ entries, label }: { entries: CourierTimelineEntry[]; label?: string }) {
  const t = useT(COURIER_WORDS_NS);
  const formatDate = useFormatDate();
  const { statusLabel } = useCourierWords();
  if (entries.length === 0) return null;
  const english = currentLang() === 'en';
  return (
    <ol aria-label={label ?? t('courierUpdates')} className="grid gap-1 border-l-2 border-slate-200 pl-3 text-sm">
      {entries.map((e, i) => {
        const said = statusLabel(e.status, e.stage);
        return (
          <li key={`${e.at}-${i}`} className="grid">
            <span className="text-slate-800">{said}</span>
            {english && e.message && e.message !== said && <span className="text-xs text-slate-600">{e.message}</span>}
            <time dateTime={e.at} className="text-xs text-slate-500">
              {formatDate(e.at)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
