import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { OTP_LENGTH } from '@haat/shared/constants';
import { OTP_MESSAGE, otpField } from '@haat/shared/schemas/auth';
import { errorMessage } from '@/lib/api';
import { useVerifyOtp } from '../api/verifyOtp';
import { SubmitButton } from '@/components/Button';
import { AuthCard } from '../components/AuthCard';
import { OtpInput } from '../components/OtpInput';

/** Entered only with the e-mail carried from Forgot Password (spec §2). */
export function VerifyOtpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const verify = useVerifyOtp();
  const [digits, setDigits] = useState<string[]>(() => Array(OTP_LENGTH).fill(''));
  const email = (location.state as { email?: string } | null)?.email;
  if (!email) return <Navigate to="/forgot-password" replace />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const otp = digits.join('');
    if (!otpField.safeParse(otp).success) {
      toast.error(OTP_MESSAGE);
      return;
    }
    try {
      const res = await verify.mutateAsync({ email, otp });
      toast.success('OTP verified successfully!');
      // The one-time reset token goes along: update-password is refused without it.
      navigate('/password-reset', { state: { email, data: { success: res.success, resetToken: res.data.resetToken } } });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <AuthCard title="Verify OTP" back="/forgot-password">
      <p className="mb-4 text-slate-600">Enter the 6-digit code we sent to <strong>{email}</strong>.</p>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <OtpInput value={digits} onChange={setDigits} disabled={verify.isPending} />
        <SubmitButton loading={verify.isPending} className="w-full">
          {verify.isPending ? 'Verifying...' : 'Verify OTP'}
        </SubmitButton>
      </form>
      <p className="mt-4 text-center text-slate-600">
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">Login here</Link>
      </p>
    </AuthCard>
  );
}
