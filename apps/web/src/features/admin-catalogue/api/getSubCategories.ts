import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubCategory } from '@haat/shared/schemas/catalogue';
import { request } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

/** GET subcategory/get-subcategories for the admin, revalidated on every fetch (see adminCategoriesQuery). */
export const adminSubCategoriesQuery = queryOptions({
  queryKey: [...queryKeys.catalogue.subCategories, 'admin'],
  queryFn: async () => (await request<SubCategory[]>('subcategory/get-subcategories', { cache: 'no-cache' })).data,
  staleTime: 0,
});

export function useAdminSubCategories() {
  return useQuery(adminSubCategoriesQuery);
}
