import { errorText } from './errors/catalogue';
import { ORDER_STATUSES, type OrderStatus } from './constants';

/**
 * An order's states and who may move it between them: one table, read by the
 * server's transitionOrder (every status change goes through it) and by the
 * admin's status select. Decision 0054; compare Vendure's
 * default-order-process.ts. Returns, exchanges and refunds add their states
 * and moves here.
 *
 * It encodes today's behaviour, no more and no less:
 * - admin: the spec (§ Order status values) lets the admin set any status
 *   from any status, with no shown restriction (the stock follows: entering
 *   Cancel or Return gives it back, leaving them takes it again or 409s);
 * - courier: a parcel delivered moves the order to Delivered, one returned or
 *   cancelled by the courier moves it to Return, whatever it was;
 * - payment: bKash's own record of a refused or wrong-amount payment (and a
 *   paid callback for an order cancelled meanwhile) moves it to Cancel;
 * - expiry: the unpaid-order sweep moves it to Cancel;
 * - returns: a delivered order whose every item came back through returns
 *   moves to Return (decision 0075). A partly returned order keeps its status
 *   (Delivered, as old clients read it); its return records say what came back.
 */
export const ORDER_ACTORS = ['admin', 'courier', 'payment', 'expiry', 'returns'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** Per actor, per status the order is in: the statuses it may be moved to. */
export type OrderTransitions = Record<OrderActor, Record<OrderStatus, readonly OrderStatus[]>>;

const from = (to: readonly OrderStatus[]) => Object.fromEntries(ORDER_STATUSES.map((s) => [s, to])) as Record<OrderStatus, readonly OrderStatus[]>;

export const ORDER_TRANSITIONS: OrderTransitions = {
  admin: from(ORDER_STATUSES),
  courier: from(['Delivered', 'Return']),
  payment: from(['Cancel']),
  expiry: from(['Cancel']),
  returns: { ...from([]), Delivered: ['Return'] },
};

/** What an actor may move an order in `status` to (the admin's select offers these). */
export function nextStatuses(actor: OrderActor, status: OrderStatus): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[actor][status];
}

export function canTransition(actor: OrderActor, fromStatus: OrderStatus, to: OrderStatus): boolean {
  return nextStatuses(actor, fromStatus).includes(to);
}

const WHO: Record<OrderActor, string> = { admin: 'The admin', courier: 'A courier update', payment: 'A bKash payment', expiry: 'The unpaid-order expiry', returns: 'A return' };

/** Why a move is refused, as an error code of the catalogue and its parameters (decision 0052); null when the table allows it. */
export function transitionRefusalError(actor: OrderActor, fromStatus: OrderStatus, to: OrderStatus) {
  if (canTransition(actor, fromStatus, to)) return null;
  const allowed = nextStatuses(actor, fromStatus);
  const params = { who: WHO[actor], from: fromStatus, to };
  return allowed.length
    ? ({ code: 'ORDER_TRANSITION_REFUSED', params: { ...params, allowed: allowed.join(', ') } } as const)
    : ({ code: 'ORDER_TRANSITION_LOCKED', params } as const);
}

/** Why a move is refused, in words a person can act on; null when the table allows it. */
export function transitionRefusal(actor: OrderActor, fromStatus: OrderStatus, to: OrderStatus): string | null {
  const refusal = transitionRefusalError(actor, fromStatus, to);
  if (!refusal) return null;
  return refusal.code === 'ORDER_TRANSITION_REFUSED' ? errorText(refusal.code, refusal.params) : errorText(refusal.code, refusal.params);
}
