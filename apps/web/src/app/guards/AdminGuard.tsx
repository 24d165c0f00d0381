import type { ReactNode } from 'react';
import { NotFound } from '@/components/NotFound';
import { useCurrentUser } from '@/state/user';
import { PageLoading } from '@/components/Spinner';
import { SignInFirst } from './signIn';

/**
 * Spec §6: a loading indicator while the session is checked; once it is known
 * that nobody is signed in, /login (and back here after signing in); a user who
 * is not ADMIN sees the Oops! screen. The server checks the role again.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageLoading />;
  if (!user?.email) return <SignInFirst />;
  if (user.role !== 'ADMIN') return <NotFound />;
  return <>{children}</>;
}
