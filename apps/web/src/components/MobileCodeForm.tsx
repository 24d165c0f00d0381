import { useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useT } from '@/i18n';
import { OTP_LENGTH } from '@haat/shared/constants';
import { mobileOtpSendSchema, type MobileOtpSendInput } from '@haat/shared/schemas/auth';
import { SubmitButton } from '@/components/Button';
import { TextField } from '@/components/FormField';
import { OtpInput, typedOtp } from '@/components/OtpInput';
import { errorMessage } from '@/lib/api';
import { formResolver } from '@/lib/forms';
import { localDigits } from '@/i18n/format';
import { COMPONENTS_NS } from './locales';

interface MobileCodeFormProps {
  /** Texts the code: POST user/otp/send or user/mobile/send; answers when another may be asked for. */
  send: (mobile: string) => Promise<{ data: { resend_after_seconds: number } }>;
  /** Checks the code (signs in, or verifies the profile's mobile); a refusal is toasted and the boxes stay. */
  verify: (mobile: string, otp: string) => Promise<void>;
  /** The code step's button and its busy label, in the page's language. */
  submit: string;
  submitting: string;
  intro?: string;
  defaultMobile?: string;
}

/**
 * A mobile, then the 6-digit code texted to it in the six-box entry
 * (decision 0061): signing in with a mobile and the profile's mobile both use
 * it. A new code can be asked for once the server's wait is over.
 */
export function MobileCodeForm({ send, verify, submit, submitting, intro, defaultMobile = '' }: MobileCodeFormProps) {
  const t = useT(COMPONENTS_NS);
  const [mobile, setMobile] = useState<string | null>(null);
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendTo = async (number: string) => {
    setSending(true);
    try {
      const res = await send(number);
      toast.success(t('mobileCode.sent'));
      setMobile(number);
      setWait(res.data.resend_after_seconds);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setSending(false);
    }
  };

  return mobile === null ? (
    <MobileStep intro={intro} defaultMobile={defaultMobile} sending={sending} onSend={sendTo} />
  ) : (
    <CodeStep
      mobile={mobile}
      wait={wait}
      sending={sending}
      submit={submit}
      submitting={submitting}
      verify={verify}
      onResend={() => void sendTo(mobile)}
      onChange={() => setMobile(null)}
    />
  );
}

function MobileStep({ intro, defaultMobile, sending, onSend }: { intro?: string; defaultMobile: string; sending: boolean; onSend: (mobile: string) => Promise<void> }) {
  const t = useT(COMPONENTS_NS);
  const { register, handleSubmit, formState: { errors } } = useForm<MobileOtpSendInput>({
    resolver: formResolver(mobileOtpSendSchema),
    defaultValues: { mobile: defaultMobile },
  });
  return (
    <form onSubmit={handleSubmit((v) => onSend(mobileOtpSendSchema.parse(v).mobile))} noValidate className="grid gap-4">
      {intro && <p className="text-slate-600">{intro}</p>}
      <TextField
        label={t('mobileCode.mobile')}
        id="otp-mobile"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={t('mobileCode.mobileHint')}
        error={errors.mobile?.message}
        {...register('mobile')}
      />
      <SubmitButton loading={sending} className="w-full">
        {sending ? t('mobileCode.sending') : t('mobileCode.send')}
      </SubmitButton>
    </form>
  );
}

function CodeStep(props: {
  mobile: string;
  wait: number;
  sending: boolean;
  submit: string;
  submitting: string;
  verify: (mobile: string, otp: string) => Promise<void>;
  onResend: () => void;
  onChange: () => void;
}) {
  const t = useT(COMPONENTS_NS);
  const { mobile, wait } = props;
  const [digits, setDigits] = useState<string[]>(() => Array(OTP_LENGTH).fill(''));
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const otp = typedOtp(digits);
    if (otp === null) return;
    setBusy(true);
    try {
      await props.verify(mobile, otp);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-slate-600">{t('mobileCode.enter', { mobile: localDigits(mobile) })}</p>
      <OtpInput value={digits} onChange={setDigits} disabled={busy} />
      <SubmitButton loading={busy} className="w-full">
        {busy ? props.submitting : props.submit}
      </SubmitButton>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        {wait > 0 ? (
          <span className="text-slate-500" aria-live="polite">{t('mobileCode.resendIn', { seconds: localDigits(String(wait)) })}</span>
        ) : (
          <button type="button" onClick={props.onResend} disabled={props.sending} className="font-medium text-brand-700 hover:underline">
            {t('mobileCode.resend')}
          </button>
        )}
        <button type="button" onClick={props.onChange} className="font-medium text-brand-700 hover:underline">
          {t('mobileCode.change')}
        </button>
      </div>
    </form>
  );
}
