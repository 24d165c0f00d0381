import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { REVIEW_MAX_PHOTOS, type OwnReview, type ReviewableLine } from '@haat/shared/schemas/reviews';
import { Button } from '@/components/Button';
import { FilePicker } from '@/components/FilePicker';
import { ProductImage } from '@/components/ProductImage';
import { Stars } from '@/components/Stars';
import { inputClass } from '@/components/inputClass';
import { useLang, useT } from '@/i18n';
import { formatCount, useFormatDate } from '@/i18n/format';
import { translateMessage } from '@/i18n/messages';
import { errorMessage } from '@/lib/api';
import { useCurrentUser } from '@/state/user';
import { sendReviewCode, useEditReview, useReviewable, useWriteReview, verifyReviewCode } from '../api/reviews';
import { REVIEWS_NS } from '../locales';

/** The star drawn in the picker (a symbol, said by the label beside it). */
const STAR = '\u2605';

/**
 * /review (issue 47): the buyer's delivered items and a form for each. Signed in, the account's orders; else the
 * orders of a mobile proved by a texted code, or by the link of the asking SMS (`?proof=`), which opens it verified.
 */
export function ReviewPage() {
  const t = useT(REVIEWS_NS, 'form');
  const [params] = useSearchParams();
  const [proof, setProof] = useState(params.get('proof') ?? '');
  const { data: user, isPending } = useCurrentUser();
  const signedIn = !!user;
  const lines = useReviewable(proof, signedIn);
  return (
    <section className="mx-auto grid max-w-3xl gap-4 p-4">
      <h1 className="text-xl font-bold text-slate-900">{t('title')}</h1>
      <p className="text-sm text-slate-600">{t('intro')}</p>
      {!signedIn && !proof && !isPending && <MobileProof onProof={setProof} />}
      {lines.error && <p role="alert" className="text-red-700">{errorMessage(lines.error)}</p>}
      {lines.data &&
        (lines.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('none')}</p>
        ) : (
          <ul className="grid gap-4">
            {lines.data.map((line) => (
              <ReviewLine key={line.order_item_id} line={line} proof={proof} signedIn={signedIn} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function MobileProof({ onProof }: { onProof: (proof: string) => void }) {
  const t = useT(REVIEWS_NS, 'form');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async (e: FormEvent, step: () => Promise<void>) => {
    e.preventDefault();
    setBusy(true);
    try {
      await step();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="grid gap-2 rounded-xl border border-slate-200 p-3" onSubmit={(e) => run(e, async () => (sent ? onProof((await verifyReviewCode(mobile, code)).proof) : void (await sendReviewCode(mobile), setSent(true))))}>
      <p className="text-sm text-slate-700">{t('mobileIntro')}</p>
      <label className="grid gap-1 text-sm font-medium">
        {t('mobile')}
        <input className={inputClass} inputMode="tel" autoComplete="tel" value={mobile} onChange={(e) => setMobile(e.target.value)} required />
      </label>
      {sent && (
        <label className="grid gap-1 text-sm font-medium">
          {t('code')}
          <input className={inputClass} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} required />
        </label>
      )}
      <Button className="px-4" type="submit" loading={busy}>
        {sent ? t('verify') : t('sendCode')}
      </Button>
    </form>
  );
}

function ReviewLine({ line, proof, signedIn }: { line: ReviewableLine; proof: string; signedIn: boolean }) {
  const t = useT(REVIEWS_NS, 'form');
  const lang = useLang();
    const name = (lang === 'bn' && line.name_bn) || line.name;
  const variant = lang === 'bn' && line.variant_bn ? line.variant_bn : line.variant;
  return (
    <li className="grid gap-2 rounded-xl border border-slate-200 p-3" data-testid="reviewable-line">
      <div className="flex items-center gap-3">
        <ProductImage src={line.image || undefined} alt={name} sizes="64px" size={64} className="h-16 w-16 rounded object-cover" />
        <div>
          <p className="font-semibold text-slate-900">{name}</p>
          {variant && <p className="text-xs text-slate-600">{variant}</p>}
          <p className="text-xs text-slate-600">{t('order', { number: line.order_number })}</p>
        </div>
      </div>
      {line.review ? <OwnReviewView review={line.review} proof={proof} signedIn={signedIn} /> : <ReviewForm itemId={line.order_item_id} proof={proof} signedIn={signedIn} />}
    </li>
  );
}

/** The buyer's review as written, with "Edit" while the 30 days last (the server refuses after, REVIEW_EDIT_CLOSED). */
function OwnReviewView({ review, proof, signedIn }: { review: OwnReview; proof: string; signedIn: boolean }) {
  const t = useT(REVIEWS_NS, 'form');
  const formatDate = useFormatDate();
  const [editing, setEditing] = useState(false);
  const editable = Date.now() < Date.parse(review.editable_until);
  if (editing && editable) return <ReviewForm itemId={review._id} proof={proof} signedIn={signedIn} existing={review} onDone={() => setEditing(false)} />;
  return (
    <div className="grid gap-1 text-sm" data-testid="own-review">
      <p className="font-semibold">{t('yourReview')}</p>
      <Stars value={review.rating} />
      {review.body && <p className="whitespace-pre-line">{review.body}</p>}
      {review.photos.length > 0 && (
        <ul className="flex gap-2">
          {review.photos.map((url, i) => (
            <li key={url}>
              <ProductImage src={url} alt={t('photo', { n: formatCount(i + 1) })} sizes="64px" size={64} className="h-16 w-16 rounded object-cover" />
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-600">
        {t(review.status)}
        {editable && <> · {t('editUntil', { date: formatDate(review.editable_until) })}</>}
      </p>
      {editable && (
        <div>
          <button type="button" className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold text-slate-700 hover:bg-slate-50" onClick={() => setEditing(true)}>
            {t('edit')}
          </button>
        </div>
      )}
    </div>
  );
}

/** A new review of an order line, or (with `existing`) the edit of one: stars, text, and its photos to keep. */
function ReviewForm({ itemId, proof, signedIn, existing, onDone }: { itemId: string; proof: string; signedIn: boolean; existing?: OwnReview; onDone?: () => void }) {
  const t = useT(REVIEWS_NS, 'form');
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [body, setBody] = useState(existing?.body ?? '');
  const [photos, setPhotos] = useState<File[]>([]);
  const [kept, setKept] = useState<string[]>(existing?.photos ?? []);
  const write = useWriteReview(proof, signedIn);
  const edit = useEditReview(proof, signedIn);
  const saving = existing ? edit : write;
  const thank = (res: { message?: string }, fallback: string) => toast.success(res.message ? translateMessage(res.message) : fallback);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (existing) edit.mutate({ id: existing._id, rating, body, photos: kept }, { onSuccess: (res) => (thank(res, t('saved')), onDone?.()) });
    else write.mutate({ order_item_id: itemId, rating, body, photos }, { onSuccess: (res) => thank(res, t('sent')) });
  };
  return (
    <form className="grid gap-2 text-sm" onSubmit={submit} aria-label={existing ? t('editTitle') : undefined}>
      <fieldset className="grid gap-1">
        <legend className="font-medium">{t('stars')}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer text-2xl">
              <input type="radio" name={`stars-${itemId}`} value={n} checked={rating === n} onChange={() => setRating(n)} className="sr-only" required />
              <span aria-hidden className={n <= rating ? 'text-amber-500' : 'text-slate-300'}>
                {STAR}
              </span>
              <span className="sr-only">{t('star', { n: formatCount(n) })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="grid gap-1 font-medium">
        {t('text')}
        <textarea className={inputClass} rows={3} maxLength={2000} value={body} onChange={(e) => setBody(e.target.value)} />
      </label>
      {existing ? (
        existing.photos.length > 0 && (
          <fieldset className="grid gap-1">
            <legend className="font-medium">{t('keepPhotos')}</legend>
            <ul className="flex flex-wrap gap-3">
              {existing.photos.map((url, i) => (
                <li key={url}>
                  <label className="grid cursor-pointer justify-items-center gap-1">
                    <ProductImage src={url} alt="" sizes="64px" size={64} className="h-16 w-16 rounded object-cover" />
                    <span className="flex items-center gap-1">
                      <input type="checkbox" checked={kept.includes(url)} onChange={(e) => setKept(e.target.checked ? [...kept, url] : kept.filter((k) => k !== url))} />
                      {t('keepPhoto', { n: formatCount(i + 1) })}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )
      ) : (
        <FilePicker
          label={t('photos')}
          choose={t('choosePhotos')}
          chosen={photos.length ? t('photosChosen', { n: formatCount(photos.length) }) : t('noPhotos')}
          accept="image/*"
          multiple
          onPick={(files) => setPhotos(files.slice(0, REVIEW_MAX_PHOTOS))}
        />
      )}
      {saving.isError && <p role="alert" className="text-red-700">{errorMessage(saving.error)}</p>}
      <div className="flex flex-wrap gap-2">
        <Button className="px-4" type="submit" loading={saving.isPending} disabled={rating === 0}>
          {existing ? t('save') : t('submit')}
        </Button>
        {onDone && (
          <button type="button" className="rounded-lg border border-slate-300 px-3 py-2 text-slate-700 hover:bg-slate-50" onClick={onDone}>
            {t('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
