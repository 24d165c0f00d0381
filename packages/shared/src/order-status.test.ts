import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './constants';
import { canTransition, nextStatuses, ORDER_ACTORS, ORDER_TRANSITIONS, transitionRefusal, type OrderActor } from './order-status';

/**
 * The order status table (decision 0054) holds today's behaviour: every
 * (actor, from, to) is listed here with its answer, so a change to the table
 * is a change to this list.
 */
const ALL = ORDER_STATUSES;
const expected: Record<OrderActor, Record<OrderStatus, readonly OrderStatus[]>> = {
  // The spec: "Admin may set any from a dropdown, no shown restriction".
  admin: { Pending: ALL, Received: ALL, Delivered: ALL, Cancel: ALL, Return: ALL },
  // delivered → Delivered; returned or cancelled by the courier → Return; from wherever the order is.
  courier: { Pending: ['Delivered', 'Return'], Received: ['Delivered', 'Return'], Delivered: ['Delivered', 'Return'], Cancel: ['Delivered', 'Return'], Return: ['Delivered', 'Return'] },
  // bKash refused, the wrong amount, or a success for an order cancelled meanwhile → Cancel.
  payment: { Pending: ['Cancel'], Received: ['Cancel'], Delivered: ['Cancel'], Cancel: ['Cancel'], Return: ['Cancel'] },
  // The unpaid-order sweep → Cancel.
  expiry: { Pending: ['Cancel'], Received: ['Cancel'], Delivered: ['Cancel'], Cancel: ['Cancel'], Return: ['Cancel'] },
  // Every item of a delivered order came back through returns → Return (decision 0075); nothing else.
  returns: { Pending: [], Received: [], Delivered: ['Return'], Cancel: [], Return: [] },
};

const cases = ORDER_ACTORS.flatMap((actor) => ALL.flatMap((from) => ALL.map((to) => ({ actor, from, to, allowed: expected[actor][from].includes(to) }))));

describe('the order status table', () => {
  it('covers every actor and every status', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_ACTORS].sort());
    for (const actor of ORDER_ACTORS) expect(Object.keys(ORDER_TRANSITIONS[actor]).sort()).toEqual([...ALL].sort());
    expect(cases).toHaveLength(5 * 5 * 5);
  });

  it.each(cases)('$actor: $from → $to is allowed: $allowed', ({ actor, from, to, allowed }) => {
    expect(canTransition(actor, from, to)).toBe(allowed);
    expect(nextStatuses(actor, from).includes(to)).toBe(allowed);
    const refusal = transitionRefusal(actor, from, to);
    if (allowed) expect(refusal).toBeNull();
    else expect(refusal).toMatch(new RegExp(`cannot move a ${from} order to ${to}; it may (move it to |not move it at all)`));
  });

  it('says who was refused and what they may do instead', () => {
    expect(transitionRefusal('courier', 'Pending', 'Received')).toBe('A courier update cannot move a Pending order to Received; it may move it to Delivered, Return.');
    expect(transitionRefusal('expiry', 'Delivered', 'Pending')).toBe('The unpaid-order expiry cannot move a Delivered order to Pending; it may move it to Cancel.');
  });
});
