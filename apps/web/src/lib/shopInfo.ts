import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api';

export interface ShopInfo {
  name: string;
  address: string;
  phone: string;
  email: string;
  social: { facebook: string; instagram: string; linkedin: string };
  walletNumber: string;
  /** bKash checkout is on: Bkash pays through bKash's page instead of a typed transaction id. */
  bkashCheckout?: boolean;
}

export const shopInfoQuery = queryOptions({
  queryKey: ['shop-info'],
  queryFn: async () => (await request<ShopInfo>('shop-info')).data,
  staleTime: Infinity,
});

export function useShopInfo() {
  return useQuery(shopInfoQuery);
}
