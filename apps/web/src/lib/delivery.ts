import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_DELIVERY } from '@haat/shared/constants';
import type { DeliverySettings } from '@haat/shared/pricing';
import { request } from './api';

/**
 * The shop's delivery settings (GET /api/delivery-settings). When they cannot
 * be had, the spec's defaults apply: 50 inside Dhaka, 100 outside, not free.
 */
export const deliverySettingsQuery = queryOptions({
  queryKey: ['delivery-settings'],
  queryFn: async (): Promise<DeliverySettings> => {
    try {
      const res = (await request<DeliverySettings>('delivery-settings')) as unknown as DeliverySettings & { data?: DeliverySettings };
      // The spec reads the fields at the top level; the envelope also carries them in data.
      return res.data ?? res;
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
