import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { loginSchema, type LoginInput } from '@haat/shared/schemas/auth';
import { FormField, inputClass } from '../../../components/FormField';
import { PasswordInput } from '../../../components/PasswordInput';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { afterSignIn } from '../../../app/guards/signIn';
import { useLogin } from '../api/login';
import { AuthCard, submitClass } from '../components/AuthCard';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const { register, handleSubmit, formState: { errors } } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (values: LoginInput) => {
    try {
      await login.mutateAsync(values);
      toast.success('Login successful!');
      // Back to the page that sent the visitor here (a guarded page), else home.
      navigate(afterSignIn(location.state), { replace: true });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const busy = login.isPending;
  return (
    <AuthCard title="Login">
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <FormField label="Email" htmlFor="email" error={errors.email?.message}>
          <input id="email" type="email" autoComplete="email" autoFocus className={inputClass} {...register('email')} />
        </FormField>
        <FormField label="Password" htmlFor="password" error={errors.password?.message}>
          <PasswordInput id="password" autoComplete="current-password" className={inputClass} {...register('password')} />
        </FormField>
        <Link to="/forgot-password" className="-mt-2 justify-self-end text-sm font-medium text-brand-700 hover:underline">
          Forgot password?
        </Link>
        <button type="submit" disabled={busy} className={submitClass}>
          {busy && <Spinner label="Logging in" />}
          Login
        </button>
      </form>
      <p className="mt-4 text-center text-slate-600">
        Don't have an account?{' '}
        <Link to="/register" className="font-semibold text-brand-700 hover:underline">Register</Link>
      </p>
    </AuthCard>
  );
}
