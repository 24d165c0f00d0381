import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { registerSchema, type RegisterInput } from '@haat/shared/schemas/auth';
import { paths } from '@haat/shared/paths';
import { SubmitButton } from '@/components/Button';
import { FormField, inputClass, TextField } from '@/components/FormField';
import { PasswordInput } from '@/components/PasswordInput';
import { errorMessage } from '@/lib/api';
import { formResolver } from '@/lib/forms';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/AuthCard';
import { MobileChoice } from '../components/MobileChoice';
import { useT } from '@/i18n';
import { AUTH_NS } from '../locales';

export function RegisterPage() {
  const t = useT(AUTH_NS);
  const navigate = useNavigate();
  const registerUser = useRegister();
  const { register, handleSubmit, formState: { errors } } = useForm<RegisterInput>({
    resolver: formResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const onValid = async (values: RegisterInput) => {
    try {
      await registerUser.mutateAsync(values);
      toast.success(t('register.success'));
      navigate(paths.login());
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  // Spec §5: a mismatch also toasts, and nothing is sent.
  const onInvalid = (errs: FieldErrors<RegisterInput>) => {
    if (errs.confirmPassword?.message === 'Passwords do not match') toast.error(t('register.mismatch'));
  };

  const busy = registerUser.isPending;
  return (
    <AuthCard title={t('register.title')}>
      <MobileChoice />
      <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="grid gap-4">
        <TextField label={t('name')} id="name" autoComplete="name" autoFocus error={errors.name?.message} {...register('name')} />
        <TextField label={t('email')} id="email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <FormField label={t('password')} htmlFor="password" error={errors.password?.message}>
          <PasswordInput id="password" autoComplete="new-password" className={inputClass} {...register('password')} />
        </FormField>
        <FormField label={t('confirmPassword')} htmlFor="confirmPassword" error={errors.confirmPassword?.message}>
          <PasswordInput id="confirmPassword" autoComplete="new-password" className={inputClass} {...register('confirmPassword')} />
        </FormField>
        <SubmitButton loading={busy} loadingLabel={t('register.registering')} className="w-full">
          {t('register.submit')}
        </SubmitButton>
      </form>
      <p className="mt-4 text-center text-slate-600">
        {t('register.already')}{' '}
        <Link to={paths.login()} className="font-semibold text-brand-700 hover:underline">{t('register.loginHere')}</Link>
      </p>
    </AuthCard>
  );
}
