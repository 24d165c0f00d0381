import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PromotionWithStats } from '@haat/shared/schemas/promotion';
import { authRequest } from './session';
import { queryKeys } from './queryKeys';

/**
 * GET /promotion?days=N (ADMIN, issue 22): every promotion with its figures
 * over the last N days (orders, taka given away, sales it carried). Shared by
 * the promotions page and the owner's dashboard, so it lives in lib/.
 */
export function useAdminPromotions(days: number) {
  return useQuery({
    queryKey: queryKeys.promotions.admin(days),
    queryFn: async () => (await authRequest<PromotionWithStats[]>(`promotion?days=${days}`, { cache: 'no-cache' })).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
