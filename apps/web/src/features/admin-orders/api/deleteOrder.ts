import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

/** DELETE /order/{id}: only Received, Cancel and Return orders may go. */
export function deleteOrder(id: string) {
  return authRequest<null>(`order/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteOrder, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.admin }) });
}
