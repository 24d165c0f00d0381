import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiListResponse } from '@haat/shared/api';
import type { Product } from '@haat/shared/schemas/catalogue';
import { request } from '@/lib/api';
import { queryPath } from '@/lib/catalogue';
import { queryKeys } from '@/lib/queryKeys';

/** product/get-product-by-id: one category's products, for its home row. */
export const HOME_ROW_SIZE = 12;

export async function fetchCategoryProducts(categoryId: string, limit = HOME_ROW_SIZE) {
  return (await request<Product[]>(queryPath('product/get-product-by-id', { categoryId, page: 1, limit }))) as ApiListResponse<Product>;
}

export const categoryProductsQuery = (categoryId: string) =>
  queryOptions({
    queryKey: [...queryKeys.catalogue.products, 'category', categoryId],
    queryFn: () => fetchCategoryProducts(categoryId),
  });

export function useCategoryProducts(categoryId: string, enabled = true) {
  return useQuery({ ...categoryProductsQuery(categoryId), enabled });
}
