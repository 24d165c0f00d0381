import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '@haat/shared/constants';
import { useT } from '@/i18n';
import { COMPONENTS_NS } from './locales';
import { toAsciiDigits } from '@haat/shared/phone';
import toast from 'react-hot-toast';
import { OTP_MESSAGE, otpField } from '@haat/shared/schemas/auth';
import { messagesReady, translateMessage } from '@/i18n/messages';

/**
 * Six single-digit boxes (the reset code, a mobile's sign-in code, a COD order's confirmation): typing a digit moves to the next box, Backspace on an
 * empty box goes back, and pasting a code fills the boxes from the first.
 */
export function OtpInput({ value, onChange, disabled }: { value: string[]; onChange: (digits: string[]) => void; disabled?: boolean }) {
  const t = useT(COMPONENTS_NS);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))]?.focus();

  const setDigit = (i: number, raw: string) => {
    // Bengali digits count too (issue 14): the box shows the ASCII digit.
    const digit = toAsciiDigits(raw).replace(/\D/g, '').slice(-1);
    const next = [...value];
    next[i] = digit;
    onChange(next);
    if (digit && i < OTP_LENGTH - 1) focus(i + 1);
  };
  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !value[i] && i > 0) {
      e.preventDefault();
      const next = [...value];
      next[i - 1] = '';
      onChange(next);
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') focus(i - 1);
    else if (e.key === 'ArrowRight') focus(i + 1);
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const digits = toAsciiDigits(e.clipboardData.getData('text')).replace(/\D/g, '').slice(0, OTP_LENGTH);
    if (!digits) return;
    e.preventDefault();
    onChange(Array.from({ length: OTP_LENGTH }, (_, k) => digits[k] ?? ''));
    focus(digits.length >= OTP_LENGTH ? OTP_LENGTH - 1 : digits.length);
  };

  return (
    <div className="flex justify-between gap-2">
      {Array.from({ length: OTP_LENGTH }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          aria-label={t('otpDigit', { n: i + 1 })}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          value={value[i] ?? ''}
          disabled={disabled}
          onChange={(e) => setDigit(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={onPaste}
          onFocus={(e) => e.target.select()}
          className="h-12 w-12 rounded-lg border border-slate-300 bg-slate-50 text-center text-xl font-semibold outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
      ))}
    </div>
  );
}

/** The code in the boxes when it is whole (six digits); otherwise says so (a toast) and answers null. */
export function typedOtp(digits: readonly string[]): string | null {
  const otp = digits.join('');
  if (otpField.safeParse(otp).success) return otp;
  // In Bangla, the messages' tables first (decision 0089).
  void messagesReady().then(() => toast.error(translateMessage(OTP_MESSAGE)));
  return null;
}
