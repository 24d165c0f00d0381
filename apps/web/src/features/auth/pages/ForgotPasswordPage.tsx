import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@haat/shared/schemas/auth';
import { SubmitButton } from '@/components/Button';
import { TextField } from '@/components/FormField';
import { errorMessage } from '@/lib/api';
import { formResolver } from '@/lib/forms';
import { useForgotPassword } from '../api/forgotPassword';
import { AuthCard } from '../components/AuthCard';
import { useTranslation } from 'react-i18next';
import { AUTH_NS } from '../locales';

export function ForgotPasswordPage() {
  const { t } = useTranslation(AUTH_NS);
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const { register, handleSubmit, formState: { errors } } = useForm<ForgotPasswordInput>({
    resolver: formResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async (values: ForgotPasswordInput) => {
    try {
      await forgot.mutateAsync(values);
      toast.success(t('forgot.sent'));
      navigate('/verify-otp', { state: { email: values.email } });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <AuthCard title={t('forgot.title')}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <TextField label={t('email')} id="email" type="email" autoComplete="email" autoFocus error={errors.email?.message} {...register('email')} />
        <SubmitButton loading={forgot.isPending} className="w-full">
          {forgot.isPending ? t('forgot.sending') : t('forgot.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
