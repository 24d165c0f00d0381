import type { ReactNode } from 'react';
import type { UserView } from '@haat/shared/schemas/user';
import { useCurrentUser } from '@/state/user';
import { PageLoading } from '@/components/Spinner';
import { SignInFirst } from './signIn';

/** Pages for signed-in users only: a guest goes to /login, and back here after signing in. */
export function RequireUser({ children }: { children: (user: UserView) => ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageLoading />;
  if (!user) return <SignInFirst />;
  return <>{children(user)}</>;
}
