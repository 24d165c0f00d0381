import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@haat/shared/paths';
import { PageLoading } from '@/components/Spinner';
import { useCurrentUser } from '@/state/user';
import { can } from '@haat/shared/permissions';
import { staffLinksFor } from '@/features/account';
import { SignInFirst } from './signIn';

// Its own chunk with Chart.js: loaded only once the visitor is known to be an ADMIN.
const OwnerDashboardPage = lazy(async () => ({ default: (await import('@/features/admin-dashboard/pages/OwnerDashboardPage')).OwnerDashboardPage }));

/**
 * /dashboard: the owner's dashboard for a role with dashboard.view (issue 14,
 * 28); other staff go to their first page, a shopper to their profile, a guest
 * signs in first.
 */
export function DashboardHome() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageLoading />;
  if (!user) return <SignInFirst />;
  if (!can(user.role, 'dashboard.view')) return <Navigate to={staffLinksFor(user.role)[0]?.to ?? paths.dashboard.profile()} replace />;
  return (
    <Suspense fallback={<PageLoading />}>
      <OwnerDashboardPage />
    </Suspense>
  );
}
