import { GUIDELINE_DEFAULTS } from './guidelines';

/**
 * The shop's promises a shopper reads on product pages, policy pages and the
 * complaints form: delivery days, the return window, the complaint deadline.
 * The delivery days (decision 0076) and the return window (decision 0075) are
 * the owner's settings, sent in GET /shop-info's `terms`; the rest are the
 * guidelines' defaults. The web reads them through `useShopTerms` (decision 0077).
 */
export interface ShopTerms {
  deliveryDaysInsideDhaka: number;
  deliveryDaysOutsideDhaka: number;
  returnWindowDays: number;
  complaintHours: number;
  unsuppliedRefundHours: number;
  lateDeliveryRefundDays: number;
}

/** The terms: the owner's saved ones (`saved`, from shop_settings) over the guidelines' defaults. */
export function shopTerms(saved: Partial<ShopTerms> = {}): ShopTerms {
  const { deliveryDaysInsideDhaka, deliveryDaysOutsideDhaka, returnWindowDays, complaintHours, unsuppliedRefundHours, lateDeliveryRefundDays } = GUIDELINE_DEFAULTS;
  return { deliveryDaysInsideDhaka, deliveryDaysOutsideDhaka, returnWindowDays, complaintHours, unsuppliedRefundHours, lateDeliveryRefundDays, ...saved };
}

/** The government's consumer complaint portal (the Directorate of National Consumer Rights Protection). */
export const DNCRP_URL = 'https://dncrp.gov.bd';
