import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

/**
 * The Orders role's refund limit in taka (issue 28, decision 0066): the order
 * card reads it for an Orders user, the Owner sets it on the Staff page.
 */
export function useRefundLimit(enabled = true) {
  return useQuery({ queryKey: queryKeys.refundLimit, enabled, queryFn: async () => (await authRequest<{ limit: number }>('refund-limit', { cache: 'no-cache' })).data.limit });
}

export function useSaveRefundLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (limit: number) => (await authRequest<{ limit: number }>('refund-limit', { method: 'PUT', body: { limit } })).data.limit,
    onSuccess: (limit) => queryClient.setQueryData(queryKeys.refundLimit, limit),
  });
}
