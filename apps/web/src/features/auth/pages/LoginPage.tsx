import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { loginSchema, type LoginInput } from '@haat/shared/schemas/auth';
import { SubmitButton } from '@/components/Button';
import { FormField, inputClass, TextField } from '@/components/FormField';
import { PasswordInput } from '@/components/PasswordInput';
import { errorMessage } from '@/lib/api';
import { formResolver } from '@/lib/forms';
import { afterSignIn } from '@/app/guards/signIn';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/AuthCard';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const { register, handleSubmit, formState: { errors } } = useForm<LoginInput>({
    resolver: formResolver(loginSchema),
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
        <TextField label="Email" id="email" type="email" autoComplete="email" autoFocus error={errors.email?.message} {...register('email')} />
        <FormField label="Password" htmlFor="password" error={errors.password?.message}>
          <PasswordInput id="password" autoComplete="current-password" className={inputClass} {...register('password')} />
        </FormField>
        <Link to="/forgot-password" className="-mt-2 justify-self-end text-sm font-medium text-brand-700 hover:underline">
          Forgot password?
        </Link>
        <SubmitButton loading={busy} loadingLabel="Logging in" className="w-full">
          Login
        </SubmitButton>
      </form>
      <p className="mt-4 text-center text-slate-600">
        Don't have an account?{' '}
        <Link to="/register" className="font-semibold text-brand-700 hover:underline">Register</Link>
      </p>
    </AuthCard>
  );
}
