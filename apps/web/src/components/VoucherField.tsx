import { useState, type SyntheticEvent } from 'react';
import { useT } from '@/i18n';
import { normalizePromoCode } from '@haat/shared/promo-code';
import type { PromotionQuote } from '@haat/shared/schemas/promotion';
import { translateError, useServerMessages } from '@/i18n/messages';
import { setVoucherCode, useVoucherCode } from '@/state/promotions';
import { inputClass } from './inputClass';
import { PROMOTIONS_NS } from './promotions.locales';

/**
 * "Voucher code" (issue 22), in the cart drawer and at checkout: the shopper
 * applies or removes a code; whether it applies, and why not, is the server's
 * quote (`code_error`, translated by its code). `pending` while the quote for
 * the code just applied is on its way, so an older answer's reason is not shown.
 * The shopper's code is the session's (state/promotions); the owner's phone
 * order passes its own (`code`, `onCode`). Not a <form> of its own, so it may
 * sit inside another form: Enter in the field applies the code.
 */
export function VoucherField({ quote, pending, code, onCode }: { quote: PromotionQuote | undefined; pending: boolean; code?: string; onCode?: (code: string) => void }) {
  const t = useT(PROMOTIONS_NS);
  useServerMessages();
  const stored = useVoucherCode();
  const applied = code ?? stored;
  const setCode = onCode ?? setVoucherCode;
  const [draft, setDraft] = useState(applied);
  const codeError = applied && quote && !pending ? quote.code_error : null;
  const reason = codeError ? translateError(codeError.code, codeError.params, codeError.message) : '';
  const accepted = applied && quote && !pending && !codeError;

  const apply = (e: SyntheticEvent) => {
    e.preventDefault();
    // As the server compares it: Bengali digits as ASCII, no spaces, upper case ('welcome৫০' is WELCOME50).
    const normalized = normalizePromoCode(draft);
    if (!normalized) return;
    setDraft(normalized);
    setCode(normalized);
  };
  const remove = () => {
    setDraft('');
    setCode('');
  };

  return (
    <div className="grid gap-1 text-sm" data-testid="voucher-field">
      <label htmlFor="voucher-code" className="font-medium text-slate-700">
        {t('voucherCode')}
      </label>
      {accepted ? (
        <p className="flex items-center justify-between gap-2 rounded-lg bg-brand-50 px-3 py-2 text-brand-700" role="status">
          <span className="font-semibold">{t('applied', { code: applied })}</span>
          <button type="button" onClick={remove} aria-label={t('removeCode', { code: applied })} className="font-semibold underline">
            {t('remove')}
          </button>
        </p>
      ) : (
        <div className="flex gap-2">
          <input
            id="voucher-code"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && apply(e)}
            placeholder={t('voucherPlaceholder')}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            aria-invalid={reason ? true : undefined}
            aria-describedby={reason ? 'voucher-error' : undefined}
            className={`${inputClass} min-w-0 flex-1 uppercase`}
          />
          <button
            type="button"
            onClick={apply}
            disabled={!draft.trim() || (pending && applied === normalizePromoCode(draft))}
            className="rounded-lg border-2 border-brand-600 px-4 font-semibold text-brand-700 hover:bg-brand-600 hover:text-white disabled:cursor-not-allowed disabled:opacity-50"
          >
            {t('apply')}
          </button>
          {applied && (
            <button type="button" onClick={remove} className="px-1 font-semibold text-slate-600 underline">
              {t('remove')}
            </button>
          )}
        </div>
      )}
      {reason && (
        <p id="voucher-error" role="alert" className="text-red-700">
          {reason}
        </p>
      )}
    </div>
  );
}
