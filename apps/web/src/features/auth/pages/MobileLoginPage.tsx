import { Link, useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import { MobileCodeForm } from '@/components/MobileCodeForm';
import { afterSignIn } from '@/app/guards/signIn';
import { sendMobileLoginCode, useLoginWithMobile } from '../api/login';
import { AuthCard } from '../components/AuthCard';
import { AUTH_NS } from '../locales';

/**
 * Continue with a mobile number (issue 26, decision 0061): the number, then the
 * code texted to it in six boxes; then the same login transition as e-mail
 * (the guest cart is merged). The first time, the account is made.
 */
export function MobileLoginPage() {
  const t = useT(AUTH_NS);
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLoginWithMobile();
  return (
    <AuthCard title={t('mobile.title')} back={paths.login()}>
      <MobileCodeForm
        intro={t('mobile.intro')}
        send={sendMobileLoginCode}
        submit={t('mobile.submit')}
        submitting={t('mobile.signingIn')}
        verify={async (mobile, otp) => {
          const { user } = await login.mutateAsync({ mobile, otp });
          toast.success(t('login.success'));
          navigate(afterSignIn(location.state, user?.role), { replace: true });
        }}
        otherWay={
          <Link to={paths.login()} state={location.state} className="font-medium text-brand-700 underline">
            {t('mobile.withPassword')}
          </Link>
        }
      />
      <p className="mt-4 text-center">
        <Link to={paths.login()} state={location.state} className="font-medium text-brand-700 hover:underline">
          {t('mobile.withEmail')}
        </Link>
      </p>
    </AuthCard>
  );
}
