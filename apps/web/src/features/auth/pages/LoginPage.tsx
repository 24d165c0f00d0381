import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { loginSchema, type LoginInput } from '@haat/shared/schemas/auth';
import { paths } from '@haat/shared/paths';
import { SubmitButton } from '@/components/Button';
import { FormField, inputClass, TextField } from '@/components/FormField';
import { PasswordInput } from '@/components/PasswordInput';
import { errorMessage } from '@/lib/api';
import { formResolver } from '@/lib/forms';
import { afterSignIn } from '@/app/guards/signIn';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/AuthCard';
import { MobileChoice } from '../components/MobileChoice';
import { useT } from '@/i18n';
import { AUTH_NS } from '../locales';

export function LoginPage() {
  const t = useT(AUTH_NS);
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const { register, handleSubmit, formState: { errors } } = useForm<LoginInput>({
    resolver: formResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (values: LoginInput) => {
    try {
      const { user } = await login.mutateAsync(values);
      toast.success(t('login.success'));
      // Back to the page that sent the visitor here (a guarded page), else the admin's dashboard or home.
      navigate(afterSignIn(location.state, user?.role), { replace: true });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const busy = login.isPending;
  return (
    <AuthCard title={t('login.title')}>
      <MobileChoice />
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <TextField label={t('email')} id="email" type="email" autoComplete="email" autoFocus error={errors.email?.message} {...register('email')} />
        <FormField label={t('password')} htmlFor="password" error={errors.password?.message}>
          <PasswordInput id="password" autoComplete="current-password" className={inputClass} {...register('password')} />
        </FormField>
        <Link to={paths.forgotPassword()} className="-mt-2 justify-self-end text-sm font-medium text-brand-700 hover:underline">
          {t('login.forgot')}
        </Link>
        <SubmitButton loading={busy} loadingLabel={t('login.loggingIn')} className="w-full">
          {t('login.submit')}
        </SubmitButton>
      </form>
      {/* The way in past the daily cap of wrong passwords, or without the password at all (decision 0045). */}
      <p className="mt-4 text-center">
        <Link to={paths.loginCode()} state={location.state} className="font-medium text-brand-700 hover:underline">
          {t('login.withCode')}
        </Link>
      </p>
      <p className="mt-4 text-center text-slate-600">
        {t('login.noAccount')}{' '}
        <Link to={paths.register()} className="font-semibold text-brand-700 hover:underline">{t('login.register')}</Link>
      </p>
    </AuthCard>
  );
}
