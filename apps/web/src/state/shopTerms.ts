import { shopTerms, type ShopTerms } from '@haat/shared/shop-terms';
import { useShopInfo } from '@/lib/shopInfo';

/**
 * The shop's promised delivery days, return window and complaint hours, as
 * every page reads them (issue 27, decision 0077): the owner's settings from
 * GET /shop-info, the guidelines' defaults until it has answered.
 */
export function useShopTerms(): ShopTerms {
  return useShopInfo().data?.terms ?? shopTerms();
}
