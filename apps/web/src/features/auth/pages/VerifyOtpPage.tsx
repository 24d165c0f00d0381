import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { OTP_LENGTH } from '@haat/shared/constants';
import { paths } from '@haat/shared/paths';
import { errorMessage } from '@/lib/api';
import { useVerifyOtp } from '../api/verifyOtp';
import { SubmitButton } from '@/components/Button';
import { AuthCard } from '../components/AuthCard';
import { OtpInput, typedOtp } from '@/components/OtpInput';
import { useT } from '@/i18n';
import { Rich } from '@/i18n/Rich';
import { AUTH_NS } from '../locales';

/** Entered only with the e-mail carried from Forgot Password (spec §2). */
export function VerifyOtpPage() {
  const t = useT(AUTH_NS);
  const location = useLocation();
  const navigate = useNavigate();
  const verify = useVerifyOtp();
  const [digits, setDigits] = useState<string[]>(() => Array(OTP_LENGTH).fill(''));
  const email = (location.state as { email?: string } | null)?.email;
  if (!email) return <Navigate to={paths.forgotPassword()} replace />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const otp = typedOtp(digits);
    if (otp === null) return;
    try {
      const res = await verify.mutateAsync({ email, otp });
      toast.success(t('otp.success'));
      // The one-time reset token goes along: update-password is refused without it.
      navigate(paths.passwordReset(), { state: { email, data: { success: res.success, resetToken: res.data.resetToken } } });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <AuthCard title={t('otp.title')} back={paths.forgotPassword()}>
      <p className="mb-4 text-slate-600">
        <Rich text={t('otp.enterCode')} values={{ email }} parts={{ 1: <strong /> }} />
      </p>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <OtpInput value={digits} onChange={setDigits} disabled={verify.isPending} />
        <SubmitButton loading={verify.isPending} className="w-full">
          {verify.isPending ? t('otp.verifying') : t('otp.submit')}
        </SubmitButton>
      </form>
      <p className="mt-4 text-center text-slate-600">
        <Link to={paths.login()} className="font-semibold text-brand-700 hover:underline">{t('otp.loginHere')}</Link>
      </p>
    </AuthCard>
  );
}
