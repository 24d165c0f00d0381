import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeadlineSettings } from '@haat/shared/deadlines';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

/** The deadlines (issue 27, settings.manage): hours to hand an order to the courier, days to deliver it. */
export function useDeadlineSettings() {
  return useQuery({ queryKey: queryKeys.deadlines.settings, queryFn: async () => (await authRequest<DeadlineSettings>('deadline-settings', { cache: 'no-cache' })).data });
}

export function useSaveDeadlineSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Record<keyof DeadlineSettings, string | number>) => authRequest<DeadlineSettings>('deadline-settings', { method: 'PUT', body: settings }),
    onSuccess: (res) => {
      queryClient.setQueryData(queryKeys.deadlines.settings, res.data);
      // The cards' due times follow the new settings.
      return queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
