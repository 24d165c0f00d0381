import { useQuery } from '@tanstack/react-query';
import type { OrderEvent } from '@haat/shared/schemas/order';
import { authRequest } from '@/lib/session';
import { queryKeys } from '@/lib/queryKeys';


/** GET /order/{id}/events: the order's SMS log, fetched when the admin opens it. */
export function useOrderEvents(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.orders.events(id),
    queryFn: async () => (await authRequest<OrderEvent[]>(`order/${encodeURIComponent(id)}/events`)).data,
    enabled,
    staleTime: 0,
  });
}
