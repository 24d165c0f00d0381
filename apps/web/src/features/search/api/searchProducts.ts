import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiListResponse } from '@haat/shared/api';
import { SEARCH_PAGE_SIZE } from '@haat/shared/constants';
import type { Product } from '@haat/shared/schemas/catalogue';
import { request } from '@/lib/api';
import { queryPath } from '@/lib/catalogue';
import { queryKeys } from '@/lib/queryKeys';

/** product/get-all-products with a search: 20 a page (spec §7, §9). */
export async function searchProducts(search: string, page: number) {
  const path = queryPath('product/get-all-products', { page, limit: SEARCH_PAGE_SIZE, search });
  return (await request<Product[]>(path)) as ApiListResponse<Product>;
}

/** Page 1 replaces the list; later pages append while page < totalPages (spec §4). */
export const searchProductsQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.catalogue.products, 'search', search],
    queryFn: ({ pageParam }) => searchProducts(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (page < last.totalPages ? page + 1 : undefined),
  });

export function useSearchProducts(search: string) {
  return useInfiniteQuery(searchProductsQuery(search));
}
