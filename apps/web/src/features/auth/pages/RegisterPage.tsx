import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { registerSchema, type RegisterInput } from '@haat/shared/schemas/auth';
import { FormField, inputClass } from '../../../components/FormField';
import { PasswordInput } from '../../../components/PasswordInput';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { useRegister } from '../api/register';
import { AuthCard, submitClass } from '../components/AuthCard';

export function RegisterPage() {
  const navigate = useNavigate();
  const registerUser = useRegister();
  const { register, handleSubmit, formState: { errors } } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const onValid = async (values: RegisterInput) => {
    try {
      await registerUser.mutateAsync(values);
      toast.success('Registration successful!');
      navigate('/login');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  // Spec §5: a mismatch also toasts, and nothing is sent.
  const onInvalid = (errs: FieldErrors<RegisterInput>) => {
    if (errs.confirmPassword?.message === 'Passwords do not match') toast.error('Passwords do not match! Please try again.');
  };

  const busy = registerUser.isPending;
  return (
    <AuthCard title="Register">
      <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="grid gap-4">
        <FormField label="Name" htmlFor="name" error={errors.name?.message}>
          <input id="name" autoComplete="name" autoFocus className={inputClass} {...register('name')} />
        </FormField>
        <FormField label="Email" htmlFor="email" error={errors.email?.message}>
          <input id="email" type="email" autoComplete="email" className={inputClass} {...register('email')} />
        </FormField>
        <FormField label="Password" htmlFor="password" error={errors.password?.message}>
          <PasswordInput id="password" autoComplete="new-password" className={inputClass} {...register('password')} />
        </FormField>
        <FormField label="Confirm Password" htmlFor="confirmPassword" error={errors.confirmPassword?.message}>
          <PasswordInput id="confirmPassword" autoComplete="new-password" className={inputClass} {...register('confirmPassword')} />
        </FormField>
        <button type="submit" disabled={busy} className={submitClass}>
          {busy && <Spinner label="Registering" />}
          Register
        </button>
      </form>
      <p className="mt-4 text-center text-slate-600">
        Already registered?{' '}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">Login here</Link>
      </p>
    </AuthCard>
  );
}
