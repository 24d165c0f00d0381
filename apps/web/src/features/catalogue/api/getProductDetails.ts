import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@haat/shared/schemas/catalogue';
import { request } from '@/lib/api';
import { queryPath } from '@/lib/catalogue';
import { queryKeys } from '@/lib/queryKeys';

/** product/get-product-details: the §3 product. */
export const productDetailsQuery = (productId: string) =>
  queryOptions({
    queryKey: [...queryKeys.catalogue.products, 'details', productId],
    queryFn: async () => (await request<Product>(queryPath('product/get-product-details', { productId }))).data,
    retry: (count, err) => count < 1 && (err as { status?: number }).status !== 404,
  });

export function useProductDetails(productId: string) {
  return useQuery(productDetailsQuery(productId));
}
