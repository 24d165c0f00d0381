import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PolicyPage } from '@haat/shared/policies';
import type { PolicySlug } from '@haat/shared/policy-text';
import { request } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

/** GET /shop/pages/{slug}: one policy page in both languages (the default text until the owner saves it). */
export const policyPageQuery = (slug: PolicySlug) =>
  queryOptions({
    queryKey: queryKeys.shopPages.one(slug),
    queryFn: async () => (await request<PolicyPage>(`shop/pages/${slug}`)).data,
    staleTime: 5 * 60_000,
  });

export function usePolicyPage(slug: PolicySlug) {
  return useQuery(policyPageQuery(slug));
}
