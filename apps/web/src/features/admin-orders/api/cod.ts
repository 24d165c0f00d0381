import type { AdvanceRule } from '@haat/shared/advance';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodBlockInput, CodBlockView, CodPolicy, IncompleteCheckoutView, IncompleteOrderPlaceInput } from '@haat/shared/schemas/cod';
import type { OrderView } from '@haat/shared/schemas/order';
import { authRequest } from '@/lib/session';
import { newIdempotencyKey } from '@/lib/idempotency';
import { queryKeys } from '@/lib/queryKeys';

/** COD protection (issue 26): the owner's rule and blocks (settings.manage), the incomplete orders (orders.manage). */

export function useCodSettings() {
  return useQuery({ queryKey: queryKeys.cod.settings, queryFn: async () => (await authRequest<CodPolicy>('cod/settings', { cache: 'no-cache' })).data });
}

export function useSaveCodSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: { mode: string; risk: string; above: string | number | null }) => authRequest<CodPolicy>('cod/settings', { method: 'PUT', body: policy }),
    onSuccess: (res) => queryClient.setQueryData(queryKeys.cod.settings, res.data),
  });
}

/** The partial advance rule (issue 44, decision 0114), beside the COD protection rule. */
export function useAdvanceRule() {
  return useQuery({ queryKey: queryKeys.cod.advance, queryFn: async () => (await authRequest<AdvanceRule>('cod/advance', { cache: 'no-cache' })).data });
}

export function useSaveAdvanceRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: { kind: string; value: string | number; who: string; above: string | number | null }) => authRequest<AdvanceRule>('cod/advance', { method: 'PUT', body: rule }),
    onSuccess: (res) => queryClient.setQueryData(queryKeys.cod.advance, res.data),
  });
}

export function useCodBlocks() {
  return useQuery({ queryKey: queryKeys.cod.blocks, queryFn: async () => (await authRequest<CodBlockView[]>('cod/blocks', { cache: 'no-cache' })).data });
}

export function useCodBlockMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.cod.blocks });
  return {
    block: useMutation({ mutationFn: (input: CodBlockInput) => authRequest<CodBlockView>('cod/blocks', { method: 'POST', body: input }), onSuccess: refresh }),
    unblock: useMutation({ mutationFn: (mobile: string) => authRequest<null>(`cod/blocks/${encodeURIComponent(mobile)}`, { method: 'DELETE' }), onSuccess: refresh }),
  };
}

/** GET /order/incomplete?page=: a page of the list (newest first) and how many pages there are (issue 41). */
export function useIncompleteOrders(page: number) {
  return useQuery({
    queryKey: [...queryKeys.cod.incomplete, { page }],
    queryFn: async () => {
      const res = (await authRequest<IncompleteCheckoutView[]>(`order/incomplete?page=${page}`, { cache: 'no-cache' })) as Awaited<ReturnType<typeof authRequest<IncompleteCheckoutView[]>>> & { pagination?: { totalPages: number } };
      return { entries: res.data, totalPages: res.pagination?.totalPages ?? 1 };
    },
    placeholderData: keepPreviousData,
  });
}

export function useIncompleteOrderMutations() {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.cod.incomplete }), queryClient.invalidateQueries({ queryKey: queryKeys.orders.all })]);
  return {
    /** One key per press: a double click makes one order (the entry is gone after the first). */
    place: useMutation({
      mutationFn: ({ id, input }: { id: string; input: IncompleteOrderPlaceInput }) =>
        authRequest<OrderView>(`order/incomplete/${encodeURIComponent(id)}/place`, { method: 'POST', body: input, headers: { 'Idempotency-Key': newIdempotencyKey() } }),
      onSuccess: refresh,
    }),
    dismiss: useMutation({ mutationFn: (id: string) => authRequest<null>(`order/incomplete/${encodeURIComponent(id)}`, { method: 'DELETE' }), onSuccess: refresh }),
  };
}
