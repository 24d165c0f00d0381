import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopInfo } from '@haat/shared/shop';
import { request } from './api';
import { queryKeys } from './queryKeys';

export const shopInfoQuery = queryOptions({
  queryKey: queryKeys.shopInfo,
  queryFn: async () => (await request<ShopInfo>('shop-info')).data,
  staleTime: Infinity,
});

export function useShopInfo() {
  return useQuery(shopInfoQuery);
}
