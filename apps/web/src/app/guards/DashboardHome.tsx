import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { PageLoading } from '@/components/Spinner';
import { useCurrentUser } from '@/state/user';
import { SignInFirst } from './signIn';

// Its own chunk with Chart.js: loaded only once the visitor is known to be an ADMIN.
const OwnerDashboardPage = lazy(async () => ({ default: (await import('@/features/admin-dashboard/pages/OwnerDashboardPage')).OwnerDashboardPage }));

/**
 * /dashboard: the owner's dashboard for an ADMIN (issue 14); a shopper goes to
 * their profile, a guest signs in first.
 */
export function DashboardHome() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageLoading />;
  if (!user?.email) return <SignInFirst />;
  if (user.role !== 'ADMIN') return <Navigate to="/dashboard/profile" replace />;
  return (
    <Suspense fallback={<PageLoading />}>
      <OwnerDashboardPage />
    </Suspense>
  );
}
