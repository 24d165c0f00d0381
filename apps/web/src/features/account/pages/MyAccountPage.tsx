import { Link, Navigate } from 'react-router';
import { IoClose } from 'react-icons/io5';
import { paths } from '@haat/shared/paths';
import { Spinner } from '@/components/Spinner';
import { useCurrentUser } from '@/state/user';
import { AccountLinks } from '../components/AccountLinks';
import { useT } from '@/i18n';
import { ACCOUNT_NS } from '../locales';
import { usePageTitle } from '@/i18n/pageTitle';

/** The small-screen menu page (spec §2 /my-account): the account menu with a close button back to home. */
export function MyAccountPage() {
  const t = useT(ACCOUNT_NS, 'menu');
  usePageTitle(t('myAccount'));
  const { data: user, isLoading } = useCurrentUser();
  if (isLoading) return <div className="flex justify-center py-16 text-brand-600"><Spinner className="h-8 w-8" label={t('loading')} /></div>;
  if (!user) return <Navigate to={paths.login()} replace />;
  return (
    <section className="mx-auto max-w-md bg-white px-4 py-4">
      <div className="flex justify-end">
        <Link to={paths.home()} aria-label={t('close')} className="rounded p-1 text-2xl text-slate-600 hover:bg-slate-100">
          <IoClose />
        </Link>
      </div>
      <AccountLinks user={user} />
    </section>
  );
}
