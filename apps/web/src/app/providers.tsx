import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'react-hot-toast';
import { TOAST_MAX } from '@haat/shared/constants';
import { router } from './router';
import { ToastLimit } from '../components/ToastLimit';
// Registers the guest-cart merge with onLogin before any login can happen.
import '../lib/cart';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, refetchOnWindowFocus: false, retry: 1 },
  },
});

export function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* react-hot-toast's defaults are the spec's: 2 s success, 4 s others, loading until dismissed. */}
      <Toaster position="top-center" />
      <ToastLimit max={TOAST_MAX} />
    </QueryClientProvider>
  );
}
