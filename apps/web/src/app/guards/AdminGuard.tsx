import type { ReactNode } from 'react';
import { can, type Permission } from '@haat/shared/permissions';
import { NotFound } from '@/components/NotFound';
import { useCurrentUser } from '@/state/user';
import { PageLoading } from '@/components/Spinner';
import { SignInFirst } from './signIn';

/**
 * Spec §6: a loading indicator while the session is checked; once it is known
 * that nobody is signed in, /login (and back here after signing in); a user who
 * whose role lacks `permission` (the shared table, issue 28) sees the Oops!
 * screen. The server checks the permission again.
 */
export function AdminGuard({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageLoading />;
  if (!user) return <SignInFirst />;
  if (!can(user.role, permission)) return <NotFound />;
  return <>{children}</>;
}
