import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromotionInput, PromotionView } from '@haat/shared/schemas/promotion';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

/** POST /promotion (new) or PUT /promotion/{id} (edit): the whole promotion; the answer is it as stored. */
export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: PromotionInput }) =>
      (await authRequest<PromotionView>(id ? `promotion/${id}` : 'promotion', { method: id ? 'PUT' : 'POST', body: input })).data,
    // The list, the dashboard's figures and the shop's offers all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.promotions.all }),
  });
}

/** PUT /promotion/{id}/active { active }: pause (false) or resume (true). */
export function useSetPromotionActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, active }: { id: string; active: boolean }) =>
      (await authRequest<PromotionView>(`promotion/${id}/active`, { method: 'PUT', body: { active } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.promotions.all }),
  });
}
