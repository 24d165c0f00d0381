import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import Toasts from '@/components/Toasts';
import { createMemoryRouter, parsePath, RouterProvider, type RouteObject } from 'react-router';
import type { Role } from '@haat/shared/constants';
import type { UserView } from '@haat/shared/schemas/user';
import { queryKeys } from '@/lib/queryKeys';

/** A signed-in account of `role`, as GET user/get-user answers it. */
export const userOf = (role: Role): UserView => ({ _id: 'u1', name: role, email: 'staff@haat.test', avatar: '', mobile: null, role, status: 'Active', verified: true, last_logit_date: null, createdAt: '2025-01-01T00:00:00.000Z' });

/**
 * Renders a page at `path` in a memory router with a fresh query client and the shop's toast area.
 * `url` opens another address than `path` (for a path with :params, or a query
 * string); `history` lists the addresses visited before it (for a Back button);
 * `signedInAs` puts a signed-in account of that role in place, as a staff page has
 * it (the controls a role may use are shown by it, issue 42).
 * Fake the network with `fakeApi` (test-api.ts): every page test does.
 */
export function renderPage(
  element: ReactElement,
  opts: { path?: string; url?: string; state?: unknown; routes?: RouteObject[]; history?: string[]; signedInAs?: Role } = {},
) {
  const path = opts.path ?? '/page';
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (opts.signedInAs) queryClient.setQueryData(queryKeys.user, userOf(opts.signedInAs));
  const router = createMemoryRouter(
    [{ path, element }, ...(opts.routes ?? []), { path: '*', element: <p>Went to another page</p> }],
    { initialEntries: [...(opts.history ?? []), { ...parsePath(opts.url ?? path), state: opts.state }] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toasts />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** A route table (the app's own: `routes` of app/router) in a memory router, opened at `url` as a direct load. */
export function openApp(routes: RouteObject[], url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
