import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api';
import { queryKeys } from './queryKeys';

export interface ShopInfo {
  phone: string;
  email: string;
  social: { facebook: string; instagram: string; linkedin: string };
  walletNumber: string;
}

export const shopInfoQuery = queryOptions({
  queryKey: queryKeys.shopInfo,
  queryFn: async () => (await request<ShopInfo>('shop-info')).data,
  staleTime: Infinity,
});

export function useShopInfo() {
  return useQuery(shopInfoQuery);
}
