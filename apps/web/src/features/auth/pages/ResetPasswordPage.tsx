import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from '@haat/shared/schemas/auth';
import { paths } from '@haat/shared/paths';
import { SubmitButton } from '@/components/Button';
import { FormField, inputClass } from '@/components/FormField';
import { PasswordInput } from '@/components/PasswordInput';
import { ApiError, errorMessage } from '@/lib/api';
import { formResolver } from '@/lib/forms';
import { useResetPassword } from '../api/resetPassword';
import { AuthCard } from '../components/AuthCard';
import { useT } from '@/i18n';
import { AUTH_NS } from '../locales';

interface ResetState {
  email?: string;
  data?: { success?: boolean; resetToken?: string };
}

/** Entered only with the e-mail and a successful verify-otp response carrying the reset token (spec §2). */
export function ResetPasswordPage() {
  const t = useT(AUTH_NS);
  const location = useLocation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const { register, handleSubmit, formState: { errors } } = useForm<ResetPasswordFormInput>({
    resolver: formResolver(resetPasswordFormSchema),
    defaultValues: { NewPassword: '', ConfirmNewPassword: '' },
  });
  const newPassword = register('NewPassword');
  const confirmNewPassword = register('ConfirmNewPassword');
  const state = location.state as ResetState | null;
  if (!state?.email || !state.data?.success || !state.data.resetToken) return <Navigate to={paths.forgotPassword()} replace />;
  const email = state.email;
  const resetToken = state.data.resetToken;

  const onSubmit = async (values: ResetPasswordFormInput) => {
    try {
      await reset.mutateAsync({ email, resetToken, ...values });
      toast.success(t('reset.success'));
      navigate(paths.login(), { replace: true });
    } catch (err) {
      // Spec §8: the server's message, else this fixed text (never our 'Request failed (500).').
      toast.error(err instanceof ApiError && err.fromServer ? errorMessage(err) : t('reset.failed'), { position: 'top-center' });
    }
  };

  return (
    <AuthCard title={t('reset.title')} back={paths.forgotPassword()}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <FormField label={t('reset.newPassword')} htmlFor="NewPassword" error={errors.NewPassword?.message}>
          <PasswordInput id="NewPassword" autoComplete="new-password" autoFocus className={inputClass} {...newPassword} />
        </FormField>
        <FormField label={t('reset.confirmNewPassword')} htmlFor="ConfirmNewPassword" error={errors.ConfirmNewPassword?.message}>
          <PasswordInput id="ConfirmNewPassword" autoComplete="new-password" className={inputClass} {...confirmNewPassword} />
        </FormField>
        <SubmitButton loading={reset.isPending} className="w-full">
          {reset.isPending ? t('reset.resetting') : t('reset.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
