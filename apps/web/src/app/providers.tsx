import { lazy, Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { router } from './router';

/** Out of the first bundle: no page needs a toast to show (issue 9, first-load JavaScript). */
const Toasts = lazy(() => import('@/components/Toasts'));

export const queryClient = new QueryClient({
  defaultOptions: {
    // 'offlineFirst' (issue 14): a request goes out even when the browser says offline, because the
    // service worker may answer it from its cache (a product seen before); only the retries wait
    // for the network. Mutations too: a guest's cart change never touches the network, and a
    // server change fails at once with a network error instead of waiting to be sent later.
    queries: { staleTime: 60_000, refetchOnWindowFocus: false, retry: 1, networkMode: 'offlineFirst' },
    mutations: { networkMode: 'offlineFirst' },
  },
});

export function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </QueryClientProvider>
  );
}
