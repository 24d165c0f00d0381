import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@haat/shared/schemas/auth';
import { SubmitButton } from '@/components/Button';
import { TextField } from '@/components/FormField';
import { errorMessage } from '@/lib/api';
import { formResolver } from '@/lib/forms';

interface EmailCodeStepProps {
  /** The field's label, the toast once sent, and the button's two states, in the page's language. */
  texts: { email: string; sent: string; submit: string; sending: string; intro?: string };
  /** Asks the server to mail the code (forgot-password or send-login-code: both take just the e-mail). */
  send: { mutateAsync: (input: ForgotPasswordInput) => Promise<unknown>; isPending: boolean };
  onSent: (email: string) => void;
}

/**
 * The e-mail step of the two ways a code comes by mail (forgot-password and sign-in with a code, decision 0045):
 * the e-mail checked by the shared schema, the code asked for, a toast, then the page's next step.
 */
export function EmailCodeStep({ texts, send, onSent }: EmailCodeStepProps) {
  const { register, handleSubmit, formState: { errors } } = useForm<ForgotPasswordInput>({
    resolver: formResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = async (values: ForgotPasswordInput) => {
    try {
      await send.mutateAsync(values);
      toast.success(texts.sent);
      onSent(values.email);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
      {texts.intro && <p className="text-slate-600">{texts.intro}</p>}
      <TextField label={texts.email} id="email" type="email" autoComplete="email" autoFocus error={errors.email?.message} {...register('email')} />
      <SubmitButton loading={send.isPending} className="w-full">
        {send.isPending ? texts.sending : texts.submit}
      </SubmitButton>
    </form>
  );
}
