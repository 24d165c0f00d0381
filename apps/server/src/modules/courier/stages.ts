import type { CourierStage } from '@haat/shared/schemas/courier';

/** The stages that end a parcel's journey: the poll stops asking about it. */
export const FINAL_STAGES: readonly CourierStage[] = ['delivered', 'partial', 'returned', 'cancelled'];

/** How far along a stage is; couriers give times to the second, so two events in one second are ordered by this. */
export function stageRank(stage: CourierStage): number {
  if (FINAL_STAGES.includes(stage)) return 3;
  return ({ booked: 0, picked: 1, in_transit: 2 } as Partial<Record<CourierStage, number>>)[stage] ?? -1;
}

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

const pathaoWord = (status: string) => status.toLowerCase().replace(/^order\./, '').replaceAll('_', '-');

export function pathaoStage(status: string): CourierStage {
  return PATHAO[pathaoWord(status)] ?? 'note';
}

/**
 * RedX's statuses: its parcel info's (`pickup-pending`…) and its webhook's (reference §3 RedX). `agent-returning`
 * is on its way back, not yet back: a note until `returned`.
 */
const REDX: Record<string, CourierStage> = {
  'pickup-pending': 'booked',
  'pickup-requested': 'booked',
  'picked-up': 'picked',
  'ready-for-delivery': 'in_transit',
  'delivery-in-progress': 'in_transit',
  delivered: 'delivered',
  'partially-delivered': 'partial',
  'agent-hold': 'note',
  'agent-returning': 'note',
  'agent-area-change': 'note',
  returned: 'returned',
  cancelled: 'cancelled',
};

export function redxStage(status: string): CourierStage {
  return REDX[status.toLowerCase()] ?? 'note';
}

/**
 * Paperfly's words (decision 0129): its tracking answer's milestones and its webhook's 14 events, as Haat names
 * them. `return-in-transit` is on its way back, a note until `returned`; `closed` only ends Paperfly's paperwork.
 */
const PAPERFLY: Record<string, CourierStage> = {
  'order-placed': 'booked',
  picked: 'picked',
  'in-transit': 'in_transit',
  'received-at-point': 'in_transit',
  'picked-for-delivery': 'in_transit',
  delivered: 'delivered',
  'partial-delivered': 'partial',
  'on-hold': 'note',
  rescheduled: 'note',
  'customer-unreachable': 'note',
  'return-in-transit': 'note',
  returned: 'returned',
  cancelled: 'cancelled',
  closed: 'note',
};

export function paperflyStage(status: string): CourierStage {
  return PAPERFLY[status.toLowerCase()] ?? 'note';
}

/**
 * A courier event's identity (with its time): the courier's word, the same
 * whether a webhook or the poll told it ('order.in-transit' = 'In_Transit'),
 * or, for a note without a status (Steadfast's tracking_update), its text.
 * Migration 0016 computes the same for older rows.
 */
export function eventWord(provider: string, status: string | null, message: string): string {
  if (status === null) return `note:${message}`;
  return provider === 'pathao' ? pathaoWord(status) : status.toLowerCase();
}
