import { DEFAULT_DELIVERY } from './constants';
import { isInsideDhaka } from './dhaka';

/**
 * Price after discount, in whole taka: price − ⌈price × discount / 100⌉.
 * The only discount rule; web and server both call it (DESIGN: Money).
 */
export function discountedPrice(price: number, discount = 0): number {
  const pct = Math.min(Math.max(discount || 0, 0), 100);
  return price - Math.ceil((price * pct) / 100);
}

export interface PricedLine {
  price: number;
  discount: number;
  quantity: number;
}

export interface CartTotals {
  totalQuantity: number;
  /** Sum of discounted line prices. */
  itemsTotal: number;
  /** Sum of undiscounted line prices. */
  originalTotal: number;
  savings: number;
}

export function cartTotals(lines: readonly PricedLine[]): CartTotals {
  let totalQuantity = 0;
  let itemsTotal = 0;
  let originalTotal = 0;
  for (const line of lines) {
    totalQuantity += line.quantity;
    itemsTotal += discountedPrice(line.price, line.discount) * line.quantity;
    originalTotal += line.price * line.quantity;
  }
  return { totalQuantity, itemsTotal, originalTotal, savings: originalTotal - itemsTotal };
}

export interface DeliverySettings {
  freeDelivery: boolean;
  insideDhaka: number;
  outsideDhaka: number;
}

export interface AddressLike {
  address_line: string;
  city: string;
}

/**
 * Delivery fee (spec §4): 0 with free delivery; before an address is chosen the
 * inside-Dhaka fee; else inside-Dhaka when the address is in Dhaka by
 * isInsideDhaka (the spec's "mentions dhaka", also in Bangla and its Latin variants).
 */
export function deliveryFee(
  settings: DeliverySettings = DEFAULT_DELIVERY,
  address?: AddressLike | null,
): number {
  if (settings.freeDelivery) return 0;
  if (!address) return settings.insideDhaka;
  return isInsideDhaka(address) ? settings.insideDhaka : settings.outsideDhaka;
}

export function grandTotal(itemsTotal: number, fee: number): number {
  return itemsTotal + fee;
}
