import { Link, Outlet, useLocation } from 'react-router';
import { HiOutlineMenu } from 'react-icons/hi';
import { paths } from '@haat/shared/paths';
import { AccountLinks, ACCOUNT_NS, accountPageLabel } from '@/features/account';
import { usePageTitle } from '@/i18n/pageTitle';
import { useCurrentUser } from '@/state/user';
import { useT } from '@/i18n';
import { COMMON_NS } from '@/i18n/common.locales';

/**
 * Spec §2 dashboard: the account menu as a side menu from large screens up and
 * the page beside it. Below that, the menu lives on its own page (/my-account,
 * with a close button back to home), reached from a Menu link here.
 */
export function DashboardLayout() {
  const t = useT(COMMON_NS);
  const { data: user } = useCurrentUser();
  // Each page's title is its name in the menu, in the page's language (issue 42).
  const menu = useT(ACCOUNT_NS, 'menu');
  const label = accountPageLabel(useLocation().pathname);
  usePageTitle(label && menu(label));
  return (
    <div className="mx-auto grid max-w-7xl lg:grid-cols-[250px_1fr]">
      <aside className="sticky top-16 hidden max-h-[calc(100vh-4rem)] overflow-y-auto border-r border-slate-200 p-4 lg:block">
        {user && <AccountLinks user={user} />}
      </aside>
      <div className="min-h-[75vh] bg-white">
        {user && (
          <Link to={paths.myAccount()} className="m-4 mb-0 inline-flex items-center gap-2 text-sm font-medium text-slate-600 lg:hidden">
            <HiOutlineMenu aria-hidden /> {t('menu')}
          </Link>
        )}
        <Outlet />
      </div>
    </div>
  );
}
