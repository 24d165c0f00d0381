import { Navigate, useLocation } from 'react-router';
import type { Role } from '@haat/shared/constants';
import { isStaff } from '@haat/shared/permissions';
import { paths } from '@haat/shared/paths';

/** To /login, remembering this page so signing in comes back to it. */
export function SignInFirst() {
  const location = useLocation();
  return <Navigate to={paths.login()} replace state={{ from: `${location.pathname}${location.search}` }} />;
}

/**
 * Where to go after signing in: the remembered page if it is one of ours,
 * else the dashboard for staff (issue 14: the owner's first screen; issue 28)
 * and home for a shopper.
 */
export function afterSignIn(state: unknown, role?: Role): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith(paths.login())) return from;
  return role && isStaff(role) ? paths.dashboard.home() : paths.home();
}
