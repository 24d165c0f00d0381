import { DEFAULT_DELIVERY } from './constants';
import { isInsideDhaka } from './dhaka';
import { feeBeforeAddress, type AddressLike, type DeliverySettings } from './pricing';

/**
 * Delivery fee (spec §4): 0 with free delivery; before an address is chosen the
 * inside-Dhaka fee; else inside-Dhaka when the address is in Dhaka by
 * isInsideDhaka (the spec's "mentions dhaka", also in Bangla and its Latin variants).
 * Not in ./pricing, which every storefront page loads (issue 25).
 */
export function deliveryFee(
  settings: DeliverySettings = DEFAULT_DELIVERY,
  address?: AddressLike | null,
): number {
  if (settings.freeDelivery || !address) return feeBeforeAddress(settings);
  return isInsideDhaka(address) ? settings.insideDhaka : settings.outsideDhaka;
}
