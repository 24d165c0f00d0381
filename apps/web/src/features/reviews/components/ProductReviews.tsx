import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { paths } from '@haat/shared/paths';
import { REVIEW_SORTS, type RatingSummary, type ReviewSort, type ReviewView } from '@haat/shared/schemas/reviews';
import { ProductImage } from '@/components/ProductImage';
import { Stars } from '@/components/Stars';
import { inputClass } from '@/components/inputClass';
import { useLang, useT } from '@/i18n';
import { formatCount, localDigits, useFormatDate } from '@/i18n/format';
import { errorMessage } from '@/lib/api';
import { useCurrentUser } from '@/state/user';
import { productReviewsQuery, useHelpfulVote } from '../api/reviews';
import { REVIEWS_NS } from '../locales';
import { Pager } from './Pager';

/**
 * The product page's reviews (issue 47): the average and the count per star, the buyers' photos first, then 10
 * reviews a page by newest, most helpful or lowest, each with "Verified purchase", the variant bought, the shop's
 * reply and a "Helpful" vote. The server renders the first page (newest) into the HTML; text is React's, escaped.
 */
export function ProductReviews({ productId }: { productId: string }) {
  const t = useT(REVIEWS_NS, 'section');
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  // Placeholder data keeps the list on screen while another sort or page loads; a failed read leaves the section out.
  const { data } = useQuery({ ...productReviewsQuery(productId, sort, page), placeholderData: keepPreviousData });
  if (!data) return null;
  const { summary } = data;
  return (
    <section className="lg:col-span-2" aria-labelledby="reviews-title" data-testid="product-reviews">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-title" className="text-lg font-semibold text-slate-900">
          {t('title')}
        </h2>
        <Link to={paths.review()} className="text-sm font-semibold text-brand-700 underline">
          {t('write')}
        </Link>
      </div>
      {summary.count === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('none')}</p>
      ) : (
        <>
          <Summary summary={summary} />
          {data.photos.length > 0 && <PhotoStrip photos={data.photos} />}
          <label className="mt-4 flex items-center gap-2 text-sm text-slate-700">
            {t('sort')}
            <select
              className={`${inputClass} w-auto`}
              value={sort}
              onChange={(e) => {
                setSort(e.target.value as ReviewSort);
                setPage(1);
              }}
            >
              {REVIEW_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(s)}
                </option>
              ))}
            </select>
          </label>
          <ol className="mt-3 divide-y divide-slate-100">
            {data.items.map((r) => (
              <ReviewItem key={r._id} review={r} productId={productId} />
            ))}
          </ol>
          <Pager page={page} pages={data.pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function Summary({ summary }: { summary: RatingSummary }) {
  const t = useT(REVIEWS_NS, 'section');
  return (
    <div className="mt-3 grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center" data-testid="rating-summary">
      <div className="flex flex-col items-start gap-1">
        <p className="text-3xl font-bold text-slate-900">{t('outOf', { value: localDigits(String(summary.average)) })}</p>
        <Stars value={summary.average} size="text-xl" />
        <p className="text-sm text-slate-600">{summary.count === 1 ? t('countOne') : t('count', { count: formatCount(summary.count) })}</p>
      </div>
      <ul className="grid gap-1 text-sm">
        {[5, 4, 3, 2, 1].map((n) => {
          const c = summary.stars[n - 1] ?? 0;
          return (
            <li key={n} className="grid grid-cols-[4.5rem_1fr_2.5rem] items-center gap-2">
              <span className="text-slate-700">{t('starRow', { n: formatCount(n) })}</span>
              <span className="h-2 overflow-hidden rounded bg-slate-100" aria-hidden>
                <span className="block h-full bg-amber-500" style={{ width: `${summary.count ? (c * 100) / summary.count : 0}%` }} />
              </span>
              <span className="text-right text-slate-600">{formatCount(c)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function PhotoStrip({ photos }: { photos: { review_id: string; url: string }[] }) {
  const t = useT(REVIEWS_NS, 'section');
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-slate-800">{t('photos')}</h3>
      <ul className="mt-2 flex gap-2 overflow-x-auto pb-1">
        {photos.map((p, i) => (
          <li key={`${p.review_id}-${p.url}`} className="shrink-0">
            <a href={p.url}>
              <ProductImage src={p.url} alt={t('photo', { n: formatCount(i + 1) })} sizes="80px" size={80} className="h-20 w-20 rounded-lg object-cover" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReviewItem({ review, productId }: { review: ReviewView; productId: string }) {
  const t = useT(REVIEWS_NS, 'section');
  const lang = useLang();
  const formatDate = useFormatDate();
  const { data: user } = useCurrentUser();
  // A guest votes too: the server knows the browser by its signed cookie (decision 0132).
  const vote = useHelpfulVote(productId, !!user);
  const variant = lang === 'bn' && review.variant_bn ? review.variant_bn : review.variant;
  const onHelpful = () => {
    vote.mutate(review._id, { onSuccess: () => toast.success(t('thanksVote')), onError: (err) => toast.error(errorMessage(err)) });
  };
  return (
    <li className="grid gap-1 py-3" data-testid="review">
      <div className="flex flex-wrap items-center gap-2">
        <Stars value={review.rating} />
        <span className="text-sm font-semibold text-slate-800">{review.author || t('buyer')}</span>
        <span className="rounded bg-brand-50 px-1.5 py-0.5 text-[11px] font-semibold text-brand-700">{t('verified')}</span>
        <span className="text-xs text-slate-600">{formatDate(review.created_at)}</span>
      </div>
      {variant && <p className="text-xs text-slate-600">{variant}</p>}
      {review.body && <p className="whitespace-pre-line text-sm text-slate-800">{review.body}</p>}
      {review.photos.length > 0 && (
        <ul className="flex gap-2">
          {review.photos.map((url, i) => (
            <li key={url}>
              <a href={url}>
                <ProductImage src={url} alt={t('photo', { n: formatCount(i + 1) })} sizes="64px" size={64} className="h-16 w-16 rounded object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.reply && (
        <div className="mt-1 rounded-lg bg-slate-50 p-2 text-sm">
          <p className="font-semibold text-slate-800">{t('reply')}</p>
          <p className="whitespace-pre-line text-slate-700">{review.reply}</p>
        </div>
      )}
      <div>
        <button type="button" className="text-xs font-semibold text-slate-700 underline" onClick={onHelpful} disabled={vote.isPending}>
          {t('helpfulButton', { n: formatCount(review.helpful) })}
        </button>
      </div>
    </li>
  );
}
