import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/** Out of the first bundle: no page needs a toast to show (issue 9, first-load JavaScript). */
const Toasts = lazy(() => import('@/components/Toasts'));

/** The app's query cache: one in the browser, one per page the server renders (issue 25). */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // 'offlineFirst' (issue 14): a request goes out even when the browser says offline, because the
      // service worker may answer it from its cache (a product seen before); only the retries wait
      // for the network. Mutations too: a guest's cart change never touches the network, and a
      // server change fails at once with a network error instead of waiting to be sent later.
      queries: { staleTime: 60_000, refetchOnWindowFocus: false, retry: 1, networkMode: 'offlineFirst' },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

/** The query cache and the toasts around the router (a browser router, or the server's static one). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // The toasts come after the first render, so a server-rendered page hydrates to the same tree.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
