import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { GoTriangleDown, GoTriangleUp } from 'react-icons/go';
import { paths } from '@haat/shared/paths';
import { useCurrentUser } from '@/state/user';
import { UserAvatar } from './UserAvatar';
import { useT } from '@/i18n';
import { ACCOUNT_NS } from '../locales';

/** The open menu's links (and log out): loaded when a signed-in shopper opens it, not with every page (issue 25). */
const AccountLinks = lazy(async () => ({ default: (await import('./AccountLinks')).AccountLinks }));

/**
 * The header's account slot. Mobile: the avatar goes to /my-account when signed
 * in, else /login. Desktop: an Account button opening the menu, or Login.
 */
export function AccountMenu() {
  const t = useT(ACCOUNT_NS, 'menu');
  const { data: user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => box.current && !box.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <>
      <Link to={user ? paths.myAccount() : paths.login()} aria-label={t('account')} className="text-3xl text-slate-600 hover:text-brand-600 md:hidden">
        <UserAvatar url={user?.avatar} name={user?.name} size={32} />
      </Link>
      <div ref={box} className="relative hidden md:block">
        {user ? (
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
            className="flex items-center gap-1 rounded-lg px-2 py-1 font-medium text-slate-700 hover:bg-slate-100"
          >
            <UserAvatar url={user.avatar} name={user.name} size={28} />
            <span>{t('account')}</span>
            {open ? <GoTriangleUp aria-hidden /> : <GoTriangleDown aria-hidden />}
          </button>
        ) : (
          <Link to={paths.login()} className="rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-slate-100">
            {t('login')}
          </Link>
        )}
        {user && open && (
          <div className="absolute right-0 top-12 z-50 w-60 rounded-lg border border-slate-200 bg-white p-3 shadow-lg">
            <Suspense fallback={null}>
              <AccountLinks user={user} onNavigate={() => setOpen(false)} />
            </Suspense>
          </div>
        )}
      </div>
    </>
  );
}
