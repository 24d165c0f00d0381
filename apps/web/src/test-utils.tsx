import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, parsePath, RouterProvider, type RouteObject } from 'react-router';

/**
 * Renders a page at `path` in a memory router with a fresh query client and the Toaster.
 * `url` opens another address than `path` (for a path with :params, or a query
 * string); `history` lists the addresses visited before it (for a Back button).
 * Fake the network with `fakeApi` (test-api.ts): every page test does.
 */
export function renderPage(
  element: ReactElement,
  opts: { path?: string; url?: string; state?: unknown; routes?: RouteObject[]; history?: string[] } = {},
) {
  const path = opts.path ?? '/page';
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path, element }, ...(opts.routes ?? []), { path: '*', element: <p>Went to another page</p> }],
    { initialEntries: [...(opts.history ?? []), { ...parsePath(opts.url ?? path), state: opts.state }] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
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
