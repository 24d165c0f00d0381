import { useT } from '@/i18n';
import { formatCount, localDigits } from '@/i18n/format';
import { COMPONENTS_NS } from './locales';

/**
 * Five stars filled to the rating (halves rounded), with the value said for screen readers (issue 47): on the
 * product cards, the product page's summary and each review. `count` adds "(12)" after the stars.
 */
export function Stars({ value, count, size = 'text-sm' }: { value: number; count?: number; size?: string }) {
  const t = useT(COMPONENTS_NS);
  const filled = Math.round(value);
  return (
    <span className={`inline-flex items-center gap-1 ${size}`} role="img" aria-label={t('starsLabel', { value: localDigits(String(value)) })} data-testid="stars">
      <span aria-hidden className="tracking-tight">
        <span className="text-amber-500">{'★'.repeat(filled)}</span>
        <span className="text-slate-300">{'★'.repeat(5 - filled)}</span>
      </span>
      {count !== undefined && (
        <span aria-hidden className="text-xs text-slate-600">
          ({formatCount(count)})
        </span>
      )}
    </span>
  );
}
