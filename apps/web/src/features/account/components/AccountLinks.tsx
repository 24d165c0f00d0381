import { NavLink } from 'react-router';
import { HiOutlineExternalLink } from 'react-icons/hi';
import type { UserView } from '@haat/shared/schemas/user';
import { paths } from '@haat/shared/paths';
import { useLogout } from '../api/logout';
import { useT } from '@/i18n';
import { localDigits } from '@/i18n/format';
import { ACCOUNT_NS } from '../locales';
import { staffLinksFor, USER_LINKS } from '../staffLinks';

/**
 * The account menu of spec §2, shared by the header's menu, /my-account and
 * the dashboard's side menu.
 */
export function AccountLinks({ user, onNavigate }: { user: UserView; onNavigate?: () => void }) {
  const t = useT(ACCOUNT_NS, 'menu');
  const logout = useLogout();
  const isAdmin = user.role === 'ADMIN';
  const item = ({ isActive }: { isActive: boolean }) =>
    `block rounded px-2 py-1.5 hover:bg-brand-50 hover:text-brand-700 ${isActive ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700'}`;
  return (
    <nav aria-label={t('myAccount')} className="grid gap-1 text-sm">
      <p className="font-semibold text-slate-800">{t('myAccount')}</p>
      <NavLink to={paths.dashboard.profile()} onClick={onNavigate} className="flex items-center gap-2 rounded px-2 py-1.5 text-slate-700 hover:bg-brand-50">
        <span className="max-w-52 truncate">{user.name || localDigits(user.mobile ?? '')}</span>
        {isAdmin && <span className="font-medium text-red-600">{t('admin')}</span>}
        <HiOutlineExternalLink aria-label={t('profile')} className="shrink-0 text-brand-700" />
      </NavLink>
      <hr className="my-1 border-slate-200" />
      {staffLinksFor(user.role).map((l) => (
          <NavLink key={l.to} to={l.to} end={l.to === paths.dashboard.home()} onClick={onNavigate} className={item}>
            {t(l.label)}
          </NavLink>
        ))}
      {USER_LINKS.map((l) => (
        <NavLink key={l.to} to={l.to} onClick={onNavigate} className={item}>
          {t(l.label)}
        </NavLink>
      ))}
      <button
        type="button"
        onClick={() => {
          onNavigate?.();
          void logout();
        }}
        className="rounded px-2 py-1.5 text-left text-slate-700 hover:bg-red-50 hover:text-red-700"
      >
        {t('logOut')}
      </button>
    </nav>
  );
}
