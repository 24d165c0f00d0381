import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PRODUCT_PAGE_SIZE } from '@haat/shared/constants';
import type { ApiListResponse } from '@haat/shared/api';
import type { Product } from '@haat/shared/schemas/catalogue';
import type { AdminVariants } from '@haat/shared/schemas/variants';
import { request } from './api';
import { queryKeys } from './queryKeys';
import { authRequest } from './session';

/**
 * Shared by the admin's Products page and its New order screen. POST product/get-all-products { page, limit: 12, search } (spec §7). POST,
 * not the cacheable GET, so the admin never sees a list the browser kept.
 */
export const adminProductsQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: [...queryKeys.catalogue.products, 'admin', { page, search }],
    queryFn: async () => {
      const res = (await request<Product[]>('product/get-all-products', {
        method: 'POST',
        body: { page, limit: ADMIN_PRODUCT_PAGE_SIZE, search },
      })) as ApiListResponse<Product>;
      return { products: res.data, totalPages: res.totalPages, totalCount: res.totalCount };
    },
    staleTime: 0,
  });

export function useAdminProducts(page: number, search: string) {
  // The previous page stays on screen while the next one loads.
  return useQuery({ ...adminProductsQuery(page, search), placeholderData: keepPreviousData });
}

/**
 * POST product/admin-variants: the options and variants (SKUs, prices) of the products a picker lists, in one
 * question (issue 42), so two products of one name can be told apart. Only those with options are answered.
 */
export function useAdminVariants(productIds: string[]) {
  return useQuery({
    queryKey: [...queryKeys.catalogue.products, 'admin-variants', productIds],
    queryFn: async () => (await authRequest<AdminVariants>('product/admin-variants', { method: 'POST', body: { productIds } })).data,
    enabled: productIds.length > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
