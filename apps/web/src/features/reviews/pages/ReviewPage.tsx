import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { REVIEW_MAX_PHOTOS, type ReviewableLine } from '@haat/shared/schemas/reviews';
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
import { sendReviewCode, useReviewable, useWriteReview, verifyReviewCode } from '../api/reviews';
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
      <Button type="submit" loading={busy}>
        {sent ? t('verify') : t('sendCode')}
      </Button>
    </form>
  );
}

function ReviewLine({ line, proof, signedIn }: { line: ReviewableLine; proof: string; signedIn: boolean }) {
  const t = useT(REVIEWS_NS, 'form');
  const lang = useLang();
  const formatDate = useFormatDate();
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
      {line.review ? (
        <div className="grid gap-1 text-sm">
          <p className="font-semibold">{t('yourReview')}</p>
          <Stars value={line.review.rating} />
          {line.review.body && <p className="whitespace-pre-line">{line.review.body}</p>}
          <p className="text-xs text-slate-600">
            {t(line.review.status)} · {t('editUntil', { date: formatDate(line.review.editable_until) })}
          </p>
        </div>
      ) : (
        <ReviewForm itemId={line.order_item_id} proof={proof} signedIn={signedIn} />
      )}
    </li>
  );
}

function ReviewForm({ itemId, proof, signedIn }: { itemId: string; proof: string; signedIn: boolean }) {
  const t = useT(REVIEWS_NS, 'form');
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const write = useWriteReview(proof, signedIn);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    write.mutate({ order_item_id: itemId, rating, body, photos }, { onSuccess: (res) => toast.success(res.message ? translateMessage(res.message) : t('sent')) });
  };
  return (
    <form className="grid gap-2 text-sm" onSubmit={submit}>
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
      <FilePicker
        label={t('photos')}
        choose={t('choosePhotos')}
        chosen={photos.length ? t('photosChosen', { n: formatCount(photos.length) }) : t('noPhotos')}
        accept="image/*"
        multiple
        onPick={(files) => setPhotos(files.slice(0, REVIEW_MAX_PHOTOS))}
      />
      {write.isError && <p role="alert" className="text-red-700">{errorMessage(write.error)}</p>}
      <Button type="submit" loading={write.isPending} disabled={rating === 0}>
        {t('submit')}
      </Button>
    </form>
  );
}
