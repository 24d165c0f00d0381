import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_DELIVERY } from '@haat/shared/constants';
import type { DeliverySettings } from '@haat/shared/pricing';
import type { DeliverySettingsReply } from '@haat/shared/schemas/delivery';
import { request } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

/**
 * The shop's delivery settings (GET /api/delivery-settings). When they cannot
 * be had, the spec's defaults apply: 50 inside Dhaka, 100 outside, not free.
 */
export const deliverySettingsQuery = queryOptions({
  queryKey: queryKeys.deliverySettings,
  queryFn: async (): Promise<DeliverySettings> => {
    try {
      return (await request<DeliverySettings, DeliverySettingsReply>('delivery-settings')).data;
    } catch (err) {
      console.error(err);
      return { ...DEFAULT_DELIVERY };
    }
  },
  staleTime: 5 * 60_000,
});

export function useDeliverySettings() {
  return useQuery(deliverySettingsQuery);
}
