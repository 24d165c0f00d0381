import { useNavigate } from 'react-router';
import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import { useForgotPassword } from '../api/forgotPassword';
import { AuthCard } from '../components/AuthCard';
import { EmailCodeStep } from '../components/EmailCodeStep';
import { AUTH_NS } from '../locales';

export function ForgotPasswordPage() {
  const t = useT(AUTH_NS);
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  return (
    <AuthCard title={t('forgot.title')}>
      <EmailCodeStep
        texts={{ email: t('email'), sent: t('forgot.sent'), submit: t('forgot.submit'), sending: t('forgot.sending') }}
        send={forgot}
        onSent={(email) => navigate(paths.verifyOtp(), { state: { email } })}
      />
    </AuthCard>
  );
}
