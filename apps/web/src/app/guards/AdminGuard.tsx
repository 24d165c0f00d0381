import type { ReactNode } from 'react';
import { NotFound } from '../../components/NotFound';
import { Spinner } from '../../components/Spinner';
import { useCurrentUser } from '../../lib/user';

/**
 * Spec §6: while there is no e-mail (loading, or a guest) a loading indicator;
 * a user who is not ADMIN sees the Oops! screen. The server checks the role again.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  if (!user?.email) {
    return (
      <div className="flex justify-center py-16 text-brand-600">
        <Spinner className="h-8 w-8" label="Loading" />
      </div>
    );
  }
  if (user.role !== 'ADMIN') return <NotFound />;
  return <>{children}</>;
}
