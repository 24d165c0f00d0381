import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardSettings, DashboardSettingsInput, DashboardSummary } from '@haat/shared/schemas/dashboard';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

/** GET /dashboard/summary?days=N: every figure of the owner's dashboard. */
export function useDashboardSummary(days: number) {
  return useQuery({
    queryKey: queryKeys.dashboard.of(days),
    queryFn: async () => (await authRequest<DashboardSummary>(`dashboard/summary?days=${days}`)).data,
    // The previous period stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** PUT /dashboard/settings { lowStockThreshold }. */
export function useSaveDashboardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DashboardSettingsInput) => (await authRequest<DashboardSettings>('dashboard/settings', { method: 'PUT', body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
  });
}

/** GET /settlements/cash: the cash couriers hold for the shop, in paisa (issue 44, decision 0112). */
export function useCashWithCouriers() {
  return useQuery({
    queryKey: queryKeys.settlements.cash,
    queryFn: async () => (await authRequest<{ cashWithCouriersPaisa: number }>('settlements/cash', { cache: 'no-cache' })).data.cashWithCouriersPaisa,
    staleTime: 30_000,
  });
}
