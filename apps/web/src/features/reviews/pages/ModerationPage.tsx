import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { AdminReview, ReviewSettings } from '@haat/shared/schemas/reviews';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { Stars } from '@/components/Stars';
import { inputClass } from '@/components/inputClass';
import { useLang, useT } from '@/i18n';
import { formatCount, useFormatDate } from '@/i18n/format';
import { errorMessage } from '@/lib/api';
import { useAdminReviews, useModerate, useReviewSettings, useSaveReviewSettings, type Moderation } from '../api/reviews';
import { Pager } from '../components/Pager';
import { REVIEWS_NS } from '../locales';

const tab = (on: boolean) => `rounded-full px-3 py-1 text-sm font-medium ${on ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'}`;
const STATES = ['pending', 'published', 'hidden'] as const;

/**
 * /dashboard/reviews (reviews.manage, issue 47): new reviews first; publish, hide with a reason, reply publicly
 * (each in the audit log); the rule that publishes at once from N stars or holds all, blocked words, the asking SMS.
 */
export function ModerationPage() {
  const t = useT(REVIEWS_NS, 'admin');
  const [state, setState] = useState<(typeof STATES)[number]>('pending');
  const [page, setPage] = useState(1);
  const list = useAdminReviews(state, page);
  const pending = list.data?.pending ?? 0;
  const items = list.data?.items ?? [];
  return (
    <section className="grid gap-4 p-4">
      <h1 className="text-lg font-semibold text-slate-800">{t('title')}</h1>
      <RulesForm />
      <div className="flex flex-wrap gap-2">
        {STATES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={state === s}
            className={tab(state === s)}
            onClick={() => {
              setState(s);
              setPage(1);
            }}
          >
            {s === 'pending' ? t('pending', { n: formatCount(pending) }) : t(s)}
          </button>
        ))}
      </div>
      {list.error ? (
        <p role="alert" className="text-red-700">{errorMessage(list.error)}</p>
      ) : list.isLoading ? (
        <Spinner className="h-8 w-8" />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('empty')}</p>
      ) : (
        <ul className="grid gap-3" aria-label={t('title')}>
          {items.map((r) => (
            <ReviewCard key={r._id} review={r} />
          ))}
        </ul>
      )}
      {list.data && <Pager page={list.data.page} pages={list.data.pages} onPage={setPage} label={t('pages')} />}
    </section>
  );
}

function ReviewCard({ review }: { review: AdminReview }) {
  const t = useT(REVIEWS_NS, 'admin');
  const lang = useLang();
  const formatDate = useFormatDate();
  const moderate = useModerate();
  const [reason, setReason] = useState('');
  const [reply, setReply] = useState(review.reply);
  const act = (m: Moderation) => moderate.mutate(m, { onSuccess: () => toast.success(t('done')), onError: (err) => toast.error(errorMessage(err)) });
  const variant = lang === 'bn' && review.variant_bn ? review.variant_bn : review.variant;
  return (
    <li className="grid gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm" data-testid="moderation-review">
      <div className="flex flex-wrap items-center gap-2">
        <Stars value={review.rating} />
        <span className="font-semibold text-slate-800">{(lang === 'bn' && review.product_name_bn) || review.product_name}</span>
        <span className="text-xs text-slate-600">{t('order', { number: review.order_number })}</span>
        <span className="text-xs text-slate-600">{formatDate(review.created_at)}</span>
      </div>
      {variant && <p className="text-xs text-slate-600">{variant}</p>}
      {review.body && <p className="whitespace-pre-line text-slate-800">{review.body}</p>}
      {review.photos.length > 0 && (
        <ul className="flex gap-2">
          {review.photos.map((url) => (
            <li key={url}>
              <a href={url}>
                <img src={url} alt="" width={64} height={64} className="h-16 w-16 rounded object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.status === 'pending' && review.held_for && <p className="text-xs font-semibold text-amber-800">{review.held_for === 'words' ? t('heldWords') : t('heldRule')}</p>}
      {review.status === 'hidden' && <p className="text-xs font-semibold text-red-700">{t('hiddenBecause', { reason: review.hide_reason })}</p>}
      <div className="flex flex-wrap items-end gap-2">
        {review.status !== 'published' && (
          <Button className="px-4" onClick={() => act({ id: review._id, action: 'publish' })} loading={moderate.isPending}>
            {t('publish')}
          </Button>
        )}
        {review.status !== 'hidden' && (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              act({ id: review._id, action: 'hide', reason });
            }}
          >
            <label className="grid gap-1">
              {t('hideReason')}
              <input className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)} />
            </label>
            <button type="submit" className="rounded-lg border border-red-300 px-3 py-2 text-red-700 hover:bg-red-50">
              {t('hide')}
            </button>
          </form>
        )}
      </div>
      <form
        className="grid gap-1"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          act({ id: review._id, action: 'reply', reply });
        }}
      >
        <label className="grid gap-1">
          {t('reply')}
          <textarea className={inputClass} rows={2} maxLength={1000} value={reply} onChange={(e) => setReply(e.target.value)} />
        </label>
        <div>
          <button type="submit" className="rounded-lg border border-slate-300 px-3 py-2 text-slate-700 hover:bg-slate-50">
            {t('saveReply')}
          </button>
        </div>
      </form>
    </li>
  );
}

function RulesForm() {
  const t = useT(REVIEWS_NS, 'admin');
  const { data } = useReviewSettings();
  const save = useSaveReviewSettings();
  const [form, setForm] = useState<ReviewSettings | null>(null);
  useEffect(() => {
    if (data) setForm(data);
  }, [data]);
  if (!form) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form, { onSuccess: () => toast.success(t('done')), onError: (err) => toast.error(errorMessage(err)) });
  };
  return (
    <form className="grid gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm" onSubmit={submit} aria-label={t('rules')}>
      <h2 className="font-semibold text-slate-800">{t('rules')}</h2>
      <label className="grid gap-1">
        {t('autoPublish')}
        <select className={inputClass} value={form.auto_publish_from ?? ''} onChange={(e) => setForm({ ...form, auto_publish_from: e.target.value ? Number(e.target.value) : null })}>
          <option value="">{t('holdAll')}</option>
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={n}>
              {t('fromStars', { n: formatCount(n) })}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1">
        {t('blockedWords')}
        <textarea className={inputClass} rows={2} value={form.blocked_words} onChange={(e) => setForm({ ...form, blocked_words: e.target.value })} />
      </label>
      <label className="grid gap-1">
        {t('requestSms')}
        <select className={inputClass} value={form.request_days ?? ''} onChange={(e) => setForm({ ...form, request_days: e.target.value ? Number(e.target.value) : null })}>
          <option value="">{t('off')}</option>
          {[1, 2, 3, 4, 5, 7, 10, 14].map((n) => (
            <option key={n} value={n}>
              {t('afterDays', { n: formatCount(n) })}
            </option>
          ))}
        </select>
      </label>
      <div>
        <Button className="px-4" type="submit" loading={save.isPending}>
          {t('saveRules')}
        </Button>
      </div>
    </form>
  );
}
