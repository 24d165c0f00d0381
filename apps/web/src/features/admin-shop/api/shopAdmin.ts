import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessSettings, BusinessSettingsInput } from '@haat/shared/schemas/business';
import type { PolicyPage, PolicyPageInput } from '@haat/shared/policies';
import type { PolicySlug } from '@haat/shared/policy-text';
import type { ComplaintView } from '@haat/shared/schemas/complaint';
import type { ApiListResponse } from '@haat/shared/api';
import { request } from '@/lib/api';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';

/** GET /shop/business: the owner's business details (uncached, unlike shop-info). */
export function useBusiness() {
  return useQuery({ queryKey: queryKeys.business, queryFn: async () => (await authRequest<BusinessSettings>('shop/business', { cache: 'no-cache' })).data, staleTime: 0 });
}

/** PUT /shop/business: the footer and invoices read shop-info again. */
export function useSaveBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BusinessSettingsInput) => authRequest<BusinessSettings>('shop/business', { method: 'PUT', body: input }),
    onSuccess: (res) => {
      queryClient.setQueryData(queryKeys.business, res.data);
      return queryClient.invalidateQueries({ queryKey: queryKeys.shopInfo });
    },
  });
}

/** GET /shop/pages: the four policy pages in both languages. */
export function usePolicyPages() {
  return useQuery({ queryKey: queryKeys.shopPages.all, queryFn: async () => (await request<PolicyPage[]>('shop/pages', { cache: 'no-cache' })).data, staleTime: 0 });
}

export function useSavePolicyPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ slug, input }: { slug: PolicySlug; input: PolicyPageInput }) => authRequest<PolicyPage>(`shop/pages/${slug}`, { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shopPages.all }),
  });
}

export type ComplaintPage = ApiListResponse<ComplaintView> & { openCount: number; overdueCount: number };

/** GET /complaint: open complaints (most overdue first) or all of them, a page at a time. */
export function useComplaints(show: 'open' | 'all', page: number) {
  return useQuery({
    queryKey: queryKeys.complaints.of(show, page),
    queryFn: async () => authRequest<ComplaintView[], ComplaintPage>(`complaint?${new URLSearchParams({ show, page: String(page) })}`, { cache: 'no-cache' }),
    staleTime: 0,
  });
}

export function useMarkActed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, note }: { id: string; note: string }) => authRequest<ComplaintView>(`complaint/${id}/acted`, { method: 'PATCH', body: { note } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.complaints.all }),
  });
}
