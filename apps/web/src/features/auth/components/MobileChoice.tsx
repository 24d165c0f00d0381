import { Link, useLocation } from 'react-router';
import { IoPhonePortraitOutline } from 'react-icons/io5';
import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import { AUTH_NS } from '../locales';

/**
 * "Continue with mobile number" above the e-mail form of the login and register
 * pages (issue 26): most Bangladeshi shoppers sign in by phone. Keeps where the
 * visitor was going, like the e-mail login.
 */
export function MobileChoice() {
  const t = useT(AUTH_NS);
  const location = useLocation();
  return (
    <div className="mb-5 grid gap-4">
      <Link
        to={paths.loginMobile()}
        state={location.state}
        className="flex w-full items-center justify-center gap-2 rounded-lg border border-brand-600 px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
      >
        <IoPhonePortraitOutline aria-hidden className="text-xl" />
        {t('login.withMobile')}
      </Link>
      <div className="flex items-center gap-3 text-sm text-slate-500" role="separator" aria-label={t('login.orEmail')}>
        <span className="h-px flex-1 bg-slate-200" />
        <span aria-hidden>{t('login.orEmail')}</span>
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </div>
  );
}
