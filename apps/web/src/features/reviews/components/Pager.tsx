import { useT } from '@/i18n';
import { formatCount } from '@/i18n/format';
import { REVIEWS_NS } from '../locales';

const pageButton = 'rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

/** Previous / "Page 2 of 5" / next, in the page's language; the product's reviews and the moderation list share it. */
export function Pager({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label?: string }) {
  const t = useT(REVIEWS_NS, 'section');
  if (pages <= 1) return null;
  const where = t('page', { page: formatCount(page), pages: formatCount(pages) });
  return (
    <nav className="mt-3 flex items-center gap-3 text-sm" aria-label={label ?? where}>
      <button type="button" className={pageButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </button>
      <span aria-live="polite">{where}</span>
      <button type="button" className={pageButton} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('next')}
      </button>
    </nav>
  );
}
