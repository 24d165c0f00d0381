import { shopTerms, type ShopTerms } from '@haat/shared/shop-terms';

/**
 * The shop's promised delivery days, return window and complaint hours, as
 * every page reads them (issue 27, decision 0077). Today the guidelines'
 * defaults; when the owner can set them, this one hook reads the settings.
 */
export function useShopTerms(): ShopTerms {
  return shopTerms();
}
