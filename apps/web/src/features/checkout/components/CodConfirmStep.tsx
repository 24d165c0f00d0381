import { useState } from 'react';
import { useT } from '@/i18n';
import { localDigits } from '@/i18n/format';
import { OTP_LENGTH } from '@haat/shared/constants';
import { Dialog } from '@/components/Dialog';
import { OtpInput } from '@/components/OtpInput';
import { CHECKOUT_NS } from '../locales';

const empty = () => Array.from({ length: OTP_LENGTH }, () => '');

/**
 * The confirmation step of a cash-on-delivery order the shop's rule asks to
 * confirm (issue 26): on the checkout page, the six-box code sent by SMS to the
 * order's mobile; placing again with it. A wrong code places nothing (the toast
 * says why) and the boxes empty for another try.
 */
export function CodConfirmStep({
  mobile,
  placing,
  sending,
  onPlace,
  onResend,
  onClose,
}: {
  mobile: string;
  placing: boolean;
  sending: boolean;
  onPlace: (code: string, failed: () => void) => void;
  onResend: () => void;
  onClose: () => void;
}) {
  const t = useT(CHECKOUT_NS);
  const [digits, setDigits] = useState(empty);
  const code = digits.join('');
  return (
    <Dialog open title={t('codConfirm.title')} onClose={onClose}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (code.length === OTP_LENGTH) onPlace(code, () => setDigits(empty()));
        }}
      >
        <p className="text-sm text-slate-700">{t('codConfirm.sent', { mobile: localDigits(mobile) })}</p>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('codConfirm.code')}</legend>
          <OtpInput value={digits} onChange={setDigits} disabled={placing} />
        </fieldset>
        <button type="submit" disabled={placing || code.length !== OTP_LENGTH} className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-50">
          {placing ? t('review.placing') : t('codConfirm.place')}
        </button>
        <div className="flex justify-between text-sm">
          <button type="button" onClick={onResend} disabled={sending} className="font-semibold text-brand-700 underline disabled:opacity-50">
            {t('codConfirm.resend')}
          </button>
          <button type="button" onClick={onClose} className="text-slate-600 underline">
            {t('codConfirm.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
