import { GUIDELINE_DEFAULTS } from './guidelines';

/**
 * The shop's promises a shopper reads on product pages, policy pages and the
 * complaints form: delivery days, the return window, the complaint deadline.
 * Today they are the guidelines' defaults; issue 27's deadlines work makes
 * them owner-settable, and then this one function (and the web's
 * `useShopTerms`) switches to the settings (decision 0077).
 */
export interface ShopTerms {
  deliveryDaysInsideDhaka: number;
  deliveryDaysOutsideDhaka: number;
  returnWindowDays: number;
  complaintHours: number;
  unsuppliedRefundHours: number;
  lateDeliveryRefundDays: number;
}

export function shopTerms(): ShopTerms {
  const { deliveryDaysInsideDhaka, deliveryDaysOutsideDhaka, returnWindowDays, complaintHours, unsuppliedRefundHours, lateDeliveryRefundDays } = GUIDELINE_DEFAULTS;
  return { deliveryDaysInsideDhaka, deliveryDaysOutsideDhaka, returnWindowDays, complaintHours, unsuppliedRefundHours, lateDeliveryRefundDays };
}

/** The government's consumer complaint portal (the Directorate of National Consumer Rights Protection). */
export const DNCRP_URL = 'https://dncrp.gov.bd';
