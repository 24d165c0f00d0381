import { useState, type FormEvent } from 'react';
import { useT, currentLang } from '@/i18n';
import { MAX_RETURN_PHOTOS, RETURN_REASONS, type ReturnKind, type ReturnReason } from '@haat/shared/returns';
import type { Returnable, ReturnView } from '@haat/shared/schemas/returns';
import { formatTaka } from '@haat/shared/money';
import { useChosenLabel } from '@/components/ChosenOptions';
import { withChoice } from '@haat/shared/variant-words';
import { FilePicker } from '@/components/FilePicker';
import { errorMessage } from '@/lib/api';
import { formatCount, useFormatDate } from '@/i18n/format';
import { useLocalName } from '@/i18n/localName';
import type { useRequestReturn } from '../api/returns';
import { RETURNS_NS } from '../locales';

const field = 'rounded border border-slate-300 px-2 py-1';

/**
 * The shopper's return or exchange form (issue 27): which items and how many
 * (up to what is still returnable), return or exchange (then the wanted size
 * or colour, a variant of the same product), a reason from the fixed list, a
 * note and up to three photos. The server decides; its refusal is shown as said.
 */
export function ReturnRequestForm({ returnable, send, onDone }: { returnable: Returnable; send: ReturnType<typeof useRequestReturn>; onDone: (r: ReturnView) => void }) {
  const t = useT(RETURNS_NS);
  const nameOf = useLocalName();
  const optionsLabel = useChosenLabel();
  const formatDate = useFormatDate();
  const [kind, setKind] = useState<ReturnKind>('return');
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [wanted, setWanted] = useState<Record<string, string>>({});
  const [reason, setReason] = useState<ReturnReason>('wrong_size');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [invalid, setInvalid] = useState('');

  if (!returnable.open) return <p className="text-sm text-slate-600">{t('windowClosed')}</p>;
  // An exchange offers the lines with another size to choose (`variants`: the others; a default variant has none).
  const lines = returnable.items.filter((i) => i.returnable > 0 && (kind === 'return' || i.variants.length > 0)); // variants-branch-ok: the exchange's choices, not whether the product has variants

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const items = lines.filter((i) => (counts[i.item_id] ?? 0) > 0).map((i) => ({ item_id: i.item_id, quantity: counts[i.item_id]!, ...(kind === 'exchange' && { wanted_variant_id: wanted[i.item_id] ?? '' }) }));
    if (items.length === 0) return setInvalid(t('noItems'));
    setInvalid('');
    send.mutate({ request: { kind, items, reason, note }, photos: photos.slice(0, MAX_RETURN_PHOTOS), lang: currentLang() }, { onSuccess: (res) => onDone(res.data) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('askTitle', { orderId: returnable.order_number })} className="grid gap-3 rounded-lg border border-brand-200 bg-brand-50/40 p-3 text-sm">
      {returnable.window_ends && <p className="text-slate-600">{t('windowEnds', { date: formatDate(returnable.window_ends) })}</p>}
      <fieldset className="grid gap-1">
        <legend className="font-medium">{t('kind.label')}</legend>
        {(['return', 'exchange'] as const).map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
            {t(`kind.${k}`)}
          </label>
        ))}
      </fieldset>
      {lines.map((item) => {
        const name = withChoice(nameOf(item), optionsLabel(item.options));
        return (
          <div key={item.item_id} className="grid gap-1">
            <label className="flex flex-wrap items-center justify-between gap-2">
              <span>{t('item', { name, max: formatCount(item.returnable) })}</span>
              <input type="number" min={0} max={item.returnable} value={counts[item.item_id] ?? 0} onChange={(e) => setCounts({ ...counts, [item.item_id]: Math.max(0, Math.min(item.returnable, Number(e.target.value) || 0)) })} className={`${field} w-20`} />
            </label>
            {kind === 'exchange' && (counts[item.item_id] ?? 0) > 0 && (
              <label className="flex flex-wrap items-center justify-between gap-2">
                <span>{t('wanted', { name: nameOf(item) })}</span>
                <select value={wanted[item.item_id] ?? ''} onChange={(e) => setWanted({ ...wanted, [item.item_id]: e.target.value })} className={field}>
                  <option value="">{t('chooseVariant')}</option>
                  {item.variants.map((v) => (
                    <option key={v._id} value={v._id} disabled={!v.in_stock}>
                      {optionsLabel(v.options)} · {formatTaka(v.price)}{v.in_stock ? '' : ` (${t('outOfStock')})`}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
        );
      })}
      <label className="grid gap-1">
        <span className="font-medium">{t('reason')}</span>
        <select value={reason} onChange={(e) => setReason(e.target.value as ReturnReason)} className={field}>
          {RETURN_REASONS.map((r) => (
            <option key={r} value={r}>{t(`reasons.${r}`)}</option>
          ))}
        </select>
      </label>
      <label className="grid gap-1">
        <span className="font-medium">{t('note')}</span>
        <textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} rows={2} className={field} />
      </label>
      <FilePicker
        label={t('photos')}
        choose={t('choosePhotos')}
        chosen={photos.length ? t('photosChosen', { count: photos.length, n: formatCount(photos.length) }) : t('noPhotos')}
        accept="image/*"
        multiple
        onPick={(files) => setPhotos(files.slice(0, MAX_RETURN_PHOTOS))}
      />
      {(invalid || send.isError) && <p role="alert" className="text-red-700">{invalid || errorMessage(send.error)}</p>}
      <button type="submit" disabled={send.isPending} className="justify-self-start rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-50">
        {send.isPending ? t('sending') : t('send')}
      </button>
    </form>
  );
}

/** The shopper's returns of an order, with their state, refunds and any replacement order. */
export function ReturnStatusList({ returns }: { returns: ReturnView[] }) {
  const t = useT(RETURNS_NS);
  const nameOf = useLocalName();
  if (returns.length === 0) return null;
  return (
    <ul aria-label={t('yourReturns')} className="grid gap-1 text-sm">
      {returns.map((r) => {
        const refunded = r.refunds.filter((f) => f.state === 'done').reduce((s, f) => s + f.amount, 0);
        return (
          <li key={r._id} data-testid="return-status" className="rounded bg-slate-50 px-2 py-1">
            <span className="font-medium">{t(`kinds.${r.kind}`)}</span> · {r.items.map((i) => `${nameOf(i)} × ${formatCount(i.quantity)}`).join(', ')} · <span className="font-semibold">{t(`states.${r.state}`)}</span>
            {r.state === 'rejected' && r.decision_note && <span> — {r.decision_note}</span>}
            {refunded > 0 && <span> · {t('refunded', { amount: formatTaka(refunded) })}</span>}
            {r.replacement_order && <span> · {t('replacement', { id: r.replacement_order })}</span>}
          </li>
        );
      })}
    </ul>
  );
}
