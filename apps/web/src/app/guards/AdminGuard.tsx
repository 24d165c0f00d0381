import { lazy, Suspense, type ReactNode } from 'react';
import { can, isStaff, type Permission } from '@haat/shared/permissions';
import { NotFound } from '@/components/NotFound';
import { useCurrentUser } from '@/state/user';
import { PageLoading } from '@/components/Spinner';
import { SignInFirst } from './signIn';

// Its own chunk: only a staff member on a page outside their role ever loads it.
const RoleRefusal = lazy(async () => ({ default: (await import('./RoleRefusal')).RoleRefusal }));

/**
 * Spec §6: a loading indicator while the session is checked; once it is known
 * that nobody is signed in, /login (and back here after signing in); a shopper
 * sees the Oops! screen. A staff member whose role lacks `permission` (the
 * shared table, issue 28) is told so: which roles can open the page and that
 * the Owner grants it (issue 42). The server checks the permission again.
 */
export function AdminGuard({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageLoading />;
  if (!user) return <SignInFirst />;
  if (can(user.role, permission)) return <>{children}</>;
  if (!isStaff(user.role)) return <NotFound />;
  return (
    <Suspense fallback={<PageLoading />}>
      <RoleRefusal role={user.role} permission={permission} />
    </Suspense>
  );
}
