import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import { loginWithCodeSchema } from '@haat/shared/schemas/auth';
import { LOGIN_CODE_LENGTH } from '@haat/shared/constants';
import { SubmitButton } from '@/components/Button';
import { TextField } from '@/components/FormField';
import { errorMessage } from '@/lib/api';
import { formResolver } from '@/lib/forms';
import { afterSignIn } from '@/app/guards/signIn';
import { useLoginWithCode } from '../api/login';
import { useSendLoginCode } from '../api/sendLoginCode';
import { AuthCard } from '../components/AuthCard';
import { EmailCodeStep } from '../components/EmailCodeStep';
import { AUTH_NS } from '../locales';

const codeSchema = loginWithCodeSchema.pick({ code: true });

/**
 * Sign in with a code sent by e-mail (decision 0045): the way in that works
 * past the daily cap of wrong passwords. Two steps on one page: the e-mail,
 * then the code mailed to it.
 */
export function LoginCodePage() {
  const t = useT(AUTH_NS);
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthCard title={t('code.title')} back={paths.login()}>
      {email === null ? <EmailStep onSent={setEmail} /> : <CodeStep email={email} onAgain={() => setEmail(null)} />}
    </AuthCard>
  );
}

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const t = useT(AUTH_NS);
  const send = useSendLoginCode();
  return (
    <EmailCodeStep
      texts={{ intro: t('code.intro'), email: t('email'), sent: t('code.sent'), submit: t('code.send'), sending: t('code.sending') }}
      send={send}
      onSent={(email) => onSent(email.trim())}
    />
  );
}

function CodeStep({ email, onAgain }: { email: string; onAgain: () => void }) {
  const t = useT(AUTH_NS);
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLoginWithCode();
  const { register, handleSubmit, formState: { errors } } = useForm<{ code: string }>({
    resolver: formResolver(codeSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = async (values: { code: string }) => {
    // As the server reads it: Bangla digits in ASCII, the space of "1234 5678" dropped.
    const { code } = codeSchema.parse(values);
    try {
      const { user } = await login.mutateAsync({ email, code });
      toast.success(t('login.success'));
      navigate(afterSignIn(location.state, user?.role), { replace: true });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
      <p className="text-slate-600">{t('code.enter', { email })}</p>
      <TextField
        label={t('code.code')}
        id="code"
        digits
        autoComplete="one-time-code"
        autoFocus
        maxLength={LOGIN_CODE_LENGTH + 2}
        error={errors.code?.message}
        {...register('code')}
      />
      <SubmitButton loading={login.isPending} loadingLabel={t('code.signingIn')} className="w-full">
        {t('code.submit')}
      </SubmitButton>
      <button type="button" onClick={onAgain} className="justify-self-start text-sm font-medium text-brand-700 hover:underline">
        {t('code.again')}
      </button>
      <Link to={paths.login()} state={location.state} className="justify-self-start text-sm font-medium text-brand-700 hover:underline">
        {t('code.withPassword')}
      </Link>
    </form>
  );
}
