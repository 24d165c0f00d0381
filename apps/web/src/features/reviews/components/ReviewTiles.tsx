import { Link } from 'react-router';
import { paths } from '@haat/shared/paths';
import { Stars } from '@/components/Stars';
import { useLang, useT } from '@/i18n';
import { localDigits } from '@/i18n/format';
import { useReviewAttention } from '../api/reviews';
import { REVIEWS_NS } from '../locales';

/** The dashboard's tiles (issue 47): the lowest-rated products, and the newest low reviews the shop has not answered. */
export function ReviewTiles() {
  const t = useT(REVIEWS_NS, 'tiles');
  const lang = useLang();
  const { data } = useReviewAttention();
  if (!data) return null;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="review-tiles">
      <section className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="font-semibold text-slate-800">{t('lowest')}</h2>
        {data.lowest.length === 0 ? (
          <p className="text-sm text-slate-600">{t('none')}</p>
        ) : (
          <ul className="mt-2 grid gap-1 text-sm">
            {data.lowest.map((p) => (
              <li key={p.product_id} className="flex items-center justify-between gap-2">
                <Link className="truncate text-brand-700 underline" to={paths.product({ _id: p.product_id, name: p.name })}>
                  {(lang === 'bn' && p.name_bn) || p.name}
                </Link>
                <span className="flex shrink-0 items-center gap-1">
                  <Stars value={p.average} count={p.count} size="text-xs" />
                  <span className="text-xs text-slate-600">{localDigits(String(p.average))}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="font-semibold text-slate-800">{t('unanswered')}</h2>
        {data.unanswered.length === 0 ? (
          <p className="text-sm text-slate-600">{t('none')}</p>
        ) : (
          <ul className="mt-2 grid gap-2 text-sm">
            {data.unanswered.map((r) => (
              <li key={r._id}>
                <Link className="grid gap-0.5" to={paths.dashboard.reviews()}>
                  <span className="flex items-center gap-2">
                    <Stars value={r.rating} size="text-xs" />
                    <span className="truncate font-medium text-slate-800">{(lang === 'bn' && r.product_name_bn) || r.product_name}</span>
                  </span>
                  <span className="line-clamp-2 text-slate-600">{r.body || '—'}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
