import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { useCurrentUser, type User } from '../../lib/user';

/** Pages for signed-in users only: a guest goes to /login. */
export function RequireUser({ children }: { children: (user: User) => ReactNode }) {
  const { data: user, isLoading } = useCurrentUser();
  if (isLoading) {
    return (
      <div className="flex justify-center py-16 text-brand-600">
        <Spinner className="h-8 w-8" label="Loading" />
      </div>
    );
  }
  if (!user) return <Navigate to="/login" replace />;
  return <>{children(user)}</>;
}
