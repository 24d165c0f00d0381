import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useT } from '@/i18n';
import { OTP_LENGTH } from '@haat/shared/constants';
import { mobileOtpSendSchema, type MobileOtpSendInput } from '@haat/shared/schemas/auth';
import { SubmitButton } from '@/components/Button';
import { TextField } from '@/components/FormField';
import { OtpInput, typedOtp } from '@/components/OtpInput';
import { ApiError, errorMessage } from '@/lib/api';
import { formResolver } from '@/lib/forms';
import { formatCount, formatRetryAt, localDigits } from '@/i18n/format';
import { COMPONENTS_NS } from './locales';

interface MobileCodeFormProps {
  /** Texts the code: POST user/otp/send or user/mobile/send; answers when another may be asked for. */
  send: (mobile: string) => Promise<{ data: { resend_after_seconds: number } }>;
  /** Checks the code (signs in, or verifies the profile's mobile); a refusal is said in the form and the boxes stay. */
  verify: (mobile: string, otp: string) => Promise<void>;
  /** The code step's button and its busy label, in the page's language. */
  submit: string;
  submitting: string;
  intro?: string;
  defaultMobile?: string;
  /** The page's other way in, offered when codes are refused for a while (the sign-in page's e-mail and password). */
  otherWay?: ReactNode;
}

/**
 * A refusal of the code flow, said in the form (decision 0098) rather than in a toast, with the next step:
 * `codeDead` when the code typed can no longer be used (locked after 5 wrong tries, expired or used, or checking
 * paused by the address's limit), so its boxes go; `until`, when a new code may be asked for, named in the form
 * instead of a countdown. Either is a stop, where the page's other way in is offered too.
 */
interface Refusal {
  message: string;
  codeDead: boolean;
  until?: number;
}

/** The verify refusals after which the code in the boxes is of no more use (decision 0061). */
const DEAD_CODE = new Set(['OTP_CODE_LOCKED', 'OTP_CODE_EXPIRED']);

/**
 * What a refused send or verify leaves the shopper. The server's Retry-After (its caps and limits, decision 0098)
 * says when a new code may be asked for; without one, a dead code's replacement waits for the minute the last
 * send started (`resendAt`).
 */
function refusalOf(err: unknown, step: 'send' | 'verify', resendAt: number): Refusal {
  const message = errorMessage(err);
  if (!(err instanceof ApiError)) return { message, codeDead: false };
  const now = Date.now();
  const serverUntil = err.retryAfter === undefined ? undefined : now + err.retryAfter * 1000;
  // A 429 on verify is the address's limit of tries: this code cannot be checked before it has expired.
  const codeDead = step === 'verify' && (DEAD_CODE.has(err.code ?? '') || err.status === 429);
  const until = serverUntil ?? (codeDead && resendAt > now ? resendAt : undefined);
  return { message, codeDead, until };
}

const isStop = (r: Refusal | null): r is Refusal => r !== null && (r.codeDead || r.until !== undefined);

/**
 * The clock, ticking each second until `until` (ms), then still: what a wait is measured against. Each tick is a
 * new reading, so a timer that fires within the same millisecond still schedules the next.
 */
function useNowUntil(until: number): number {
  const [clock, setClock] = useState(() => ({ now: Date.now() }));
  useEffect(() => {
    if (clock.now >= until) return;
    const timer = setTimeout(() => setClock({ now: Date.now() }), Math.min(1000, until - clock.now));
    return () => clearTimeout(timer);
  }, [clock, until]);
  return clock.now;
}

/**
 * A mobile, then the 6-digit code texted to it in the six-box entry
 * (decision 0061): signing in with a mobile and the profile's mobile both use
 * it. A new code can be asked for once the server's wait is over. A refusal is
 * said in the form (role=alert) with what to do next (decision 0098).
 */
export function MobileCodeForm({ send, verify, submit, submitting, intro, defaultMobile = '', otherWay }: MobileCodeFormProps) {
  const t = useT(COMPONENTS_NS);
  const [mobile, setMobile] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // Each code sent starts its boxes afresh.
  const [sent, setSent] = useState(0);

  const sendTo = async (number: string) => {
    setSending(true);
    try {
      const res = await send(number);
      toast.success(t('mobileCode.sent'));
      setMobile(number);
      setResendAt(Date.now() + res.data.resend_after_seconds * 1000);
      setRefusal(null);
      setSent((n) => n + 1);
    } catch (err) {
      setRefusal(refusalOf(err, 'send', resendAt));
    } finally {
      setSending(false);
    }
  };

  const said = refusal && <RefusalNotice refusal={refusal} otherWay={otherWay} />;
  return mobile === null ? (
    <MobileStep intro={intro} defaultMobile={defaultMobile} sending={sending} onSend={sendTo} refusal={said} />
  ) : (
    <CodeStep
      key={sent}
      mobile={mobile}
      resendAt={Math.max(resendAt, refusal?.until ?? 0)}
      stopped={isStop(refusal)}
      codeDead={refusal?.codeDead ?? false}
      refusal={said}
      sending={sending}
      submit={submit}
      submitting={submitting}
      verify={verify}
      onRefused={(err) => setRefusal(refusalOf(err, 'verify', resendAt))}
      onResend={() => void sendTo(mobile)}
      onChange={() => {
        setMobile(null);
        setRefusal(null);
      }}
    />
  );
}

/** The refusal in the form, announced as it appears; at a stop, when a new code may be asked for and the other way in. */
function RefusalNotice({ refusal, otherWay }: { refusal: Refusal; otherWay?: ReactNode }) {
  const t = useT(COMPONENTS_NS);
  const stop = isStop(refusal);
  return (
    <div className="grid gap-2">
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="code-refusal">
        <p>{refusal.message}</p>
        {stop && <p className="mt-1 font-medium">{refusal.until === undefined ? t('mobileCode.resendNow') : t('mobileCode.resendAt', { time: formatRetryAt(refusal.until) })}</p>}
      </div>
      {stop && otherWay && <div className="text-sm">{otherWay}</div>}
    </div>
  );
}

function MobileStep({ intro, defaultMobile, sending, onSend, refusal }: { intro?: string; defaultMobile: string; sending: boolean; onSend: (mobile: string) => Promise<void>; refusal: ReactNode }) {
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
      {refusal}
      <SubmitButton loading={sending} className="w-full">
        {sending ? t('mobileCode.sending') : t('mobileCode.send')}
      </SubmitButton>
    </form>
  );
}

function CodeStep(props: {
  mobile: string;
  /** When a new code may be asked for (ms). */
  resendAt: number;
  /** A refusal stopped the flow: the wait is named in the refusal, not counted down here. */
  stopped: boolean;
  /** The code typed can no longer be used: no boxes, no submit. */
  codeDead: boolean;
  refusal: ReactNode;
  sending: boolean;
  submit: string;
  submitting: string;
  verify: (mobile: string, otp: string) => Promise<void>;
  onRefused: (err: unknown) => void;
  onResend: () => void;
  onChange: () => void;
}) {
  const t = useT(COMPONENTS_NS);
  const { mobile, resendAt, stopped, codeDead } = props;
  const [digits, setDigits] = useState<string[]>(() => Array(OTP_LENGTH).fill(''));
  const [busy, setBusy] = useState(false);
  const now = useNowUntil(resendAt);
  const wait = Math.ceil((resendAt - now) / 1000);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (codeDead) return;
    const otp = typedOtp(digits);
    if (otp === null) return;
    setBusy(true);
    try {
      await props.verify(mobile, otp);
    } catch (err) {
      props.onRefused(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-slate-600">{t('mobileCode.enter', { mobile: localDigits(mobile) })}</p>
      {!codeDead && <OtpInput value={digits} onChange={setDigits} disabled={busy} />}
      {props.refusal}
      {!codeDead && (
        <SubmitButton loading={busy} className="w-full">
          {busy ? props.submitting : props.submit}
        </SubmitButton>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        {wait <= 0 ? (
          <button type="button" onClick={props.onResend} disabled={props.sending} className="font-medium text-brand-700 hover:underline">
            {t('mobileCode.resend')}
          </button>
        ) : (
          // At a stop the refusal names the time; the count of seconds is only for the calm minute after a send.
          !stopped && (
            <span className="text-slate-500" aria-live="polite">
              {t('mobileCode.resendIn', { count: wait, seconds: formatCount(wait) })}
            </span>
          )
        )}
        <button type="button" onClick={props.onChange} className="font-medium text-brand-700 hover:underline">
          {t('mobileCode.change')}
        </button>
      </div>
    </form>
  );
}
