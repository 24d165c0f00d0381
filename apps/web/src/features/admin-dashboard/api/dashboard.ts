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
