import { useId, useState } from 'react';
import { currentLang, useT } from '@/i18n';
import { normalizePhoneInput } from '@haat/shared/phone';
import { localDigits } from '@haat/shared/numerals';
import { SubmitButton } from '@/components/Button';
import { TextField } from '@/components/FormField';
import { errorMessage } from '@/lib/api';
import { useCurrentUser } from '@/state/user';
import { useAskStockAlert } from '../api/stockAlert';
import { CATALOGUE_NS } from '../locales';

const MOBILE = /^01[3-9]\d{8}$/;

/**
 * "Tell me when it is back" (issue 45, decision 0116): under a sold-out product or variant, a mobile (or, signed in
 * with a mobile on the account, none) and one button; one SMS when the stock returns, in the page's language.
 * Loaded only when something is sold out (ProductPage's lazy import), so it costs a first visit nothing.
 */
export default function BackInStock({ productId, variantId }: { productId: string; variantId: string | undefined }) {
  const t = useT(CATALOGUE_NS, 'product.backInStock');
  const lang = currentLang();
  const id = useId();
  const account = useCurrentUser().data?.mobile ?? null;
  const ask = useAskStockAlert();
  const [mobile, setMobile] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const typed = normalizePhoneInput(mobile.trim());
    if (!account && !MOBILE.test(typed)) return setInvalid(true);
    setInvalid(false);
    const made = await ask.mutateAsync({ product_id: productId, ...(variantId ? { variant_id: variantId } : {}), ...(typed ? { mobile: typed } : {}), lang }).catch(() => null);
    if (made) setDone(localDigits(made.mobile, lang));
  };
  if (done) {
    return (
      <p role="status" className="rounded-lg bg-brand-50 p-3 text-brand-800" data-testid="back-in-stock-done">
        {t('done', { mobile: done })}
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-sm gap-2 rounded-lg border border-slate-200 p-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold text-slate-800">
        {t('title')}
      </h2>
      <p className="text-sm text-slate-600">{account ? t('introAccount', { mobile: localDigits(account, lang) }) : t('intro')}</p>
      {!account && (
        <TextField label={t('mobile')} id={`${id}-mobile`} inputMode="tel" autoComplete="tel" value={mobile} onChange={(e) => setMobile(e.target.value)} error={invalid ? t('mobileInvalid') : undefined} />
      )}
      {ask.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(ask.error)}
        </p>
      )}
      <SubmitButton loading={ask.isPending}>{ask.isPending ? t('sending') : t('send')}</SubmitButton>
    </form>
  );
}
