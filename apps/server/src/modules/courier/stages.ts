import type { CourierStage } from '@haat/shared/schemas/courier';

/** The stages that end a parcel's journey: the poll stops asking about it. */
export const FINAL_STAGES: readonly CourierStage[] = ['delivered', 'partial', 'returned', 'cancelled'];

/**
 * Steadfast's delivery_status values. 'pending' is Steadfast's "with the
 * courier, not yet delivered"; the *_approval_pending states are the rider's
 * report awaiting Steadfast's check, already what the shopper needs to know.
 */
const STEADFAST: Record<string, CourierStage> = {
  in_review: 'booked',
  pending: 'in_transit',
  hold: 'note',
  delivered_approval_pending: 'delivered',
  delivered: 'delivered',
  partial_delivered_approval_pending: 'partial',
  partial_delivered: 'partial',
  cancelled_approval_pending: 'cancelled',
  cancelled: 'cancelled',
  unknown_approval_pending: 'note',
  unknown: 'note',
};

export function steadfastStage(status: string): CourierStage {
  return STEADFAST[status.toLowerCase()] ?? 'note';
}

/**
 * Pathao's webhook events (order.picked…) and its order-info slugs
 * (Pickup_Requested, In_Transit, Delivered…), one table: an event without its
 * 'order.' prefix and a slug in lower case with '_' → '-' are the same words.
 */
const PATHAO: Record<string, CourierStage> = {
  created: 'booked',
  pending: 'booked',
  updated: 'note',
  'pickup-requested': 'booked',
  'assigned-for-pickup': 'booked',
  picked: 'picked',
  'pickup-failed': 'note',
  'pickup-cancelled': 'cancelled',
  'at-the-sorting-hub': 'in_transit',
  'in-transit': 'in_transit',
  'received-at-last-mile-hub': 'in_transit',
  'assigned-for-delivery': 'in_transit',
  delivered: 'delivered',
  'partial-delivery': 'partial',
  returned: 'returned',
  return: 'returned',
  'paid-return': 'returned',
  'delivery-failed': 'note',
  'on-hold': 'note',
  hold: 'note',
  paid: 'note',
  exchanged: 'note',
};

export function pathaoStage(status: string): CourierStage {
  const word = status.toLowerCase().replace(/^order\./, '').replaceAll('_', '-');
  return PATHAO[word] ?? 'note';
}
