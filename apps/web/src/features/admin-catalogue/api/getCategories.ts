import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@haat/shared/schemas/catalogue';
import { request } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

/**
 * GET category/get-category for the admin: revalidated with the server on every
 * fetch ('no-cache'), because the shop lets browsers keep the list for 30 s and
 * the admin must see a change at once. Under queryKeys.catalogue.categories, so a
 * write that invalidates the shop's list invalidates this one too.
 */
export const adminCategoriesQuery = queryOptions({
  queryKey: [...queryKeys.catalogue.categories, 'admin'],
  queryFn: async () => (await request<Category[]>('category/get-category', { cache: 'no-cache' })).data,
  staleTime: 0,
});

export function useAdminCategories() {
  return useQuery(adminCategoriesQuery);
}
