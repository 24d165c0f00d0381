import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiListResponse } from '@haat/shared/api';
import { LISTING_PAGE_SIZE } from '@haat/shared/constants';
import type { Product, ProductSort } from '@haat/shared/schemas/catalogue';
import { request } from '@/lib/api';
import { queryPath } from '@/lib/catalogue';
import { queryKeys } from '@/lib/queryKeys';

/** product/get-product-by-category-and-subcategory: the listing, page 1 first, limit 10 (spec §7, §9). */
export async function fetchListingProducts(categoryId: string, subcategoryId: string, page: number, sortby: ProductSort = 'newest') {
  const path = queryPath('product/get-product-by-category-and-subcategory', {
    categoryId,
    subcategoryId,
    page,
    limit: LISTING_PAGE_SIZE,
    sortby,
  });
  return (await request<Product[]>(path)) as ApiListResponse<Product>;
}

export const listingProductsQuery = (categoryId: string, subcategoryId: string, sortby: ProductSort) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.catalogue.products, 'listing', categoryId, subcategoryId, sortby],
    queryFn: ({ pageParam }) => fetchListingProducts(categoryId, subcategoryId, pageParam, sortby),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (page < last.totalPages ? page + 1 : undefined),
  });

export function useListingProducts(categoryId: string, subcategoryId: string, sortby: ProductSort) {
  return useInfiniteQuery(listingProductsQuery(categoryId, subcategoryId, sortby));
}
