import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@haat/shared/schemas/auth';
import { FormField, inputClass } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api';
import { useForgotPassword } from '../api/forgotPassword';
import { AuthCard, submitClass } from '../components/AuthCard';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const { register, handleSubmit, formState: { errors } } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async (values: ForgotPasswordInput) => {
    try {
      await forgot.mutateAsync(values);
      toast.success('Password reset email sent.Please Check your email');
      navigate('/verify-otp', { state: { email: values.email } });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <AuthCard title="Forgot Password">
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <FormField label="Email" htmlFor="email" error={errors.email?.message}>
          <input id="email" type="email" autoComplete="email" autoFocus className={inputClass} {...register('email')} />
        </FormField>
        <button type="submit" disabled={forgot.isPending} className={submitClass}>
          {forgot.isPending ? 'Sending...' : 'Send Reset Email'}
        </button>
      </form>
    </AuthCard>
  );
}
