import { describe, expect, it } from 'vitest';
import { DEFAULT_DEADLINE_SETTINGS, isOverdue, orderDeadlines, type DeadlineOrder } from './deadlines';
import { GUIDELINE_DEFAULTS } from './guidelines';
import { deadlineSettingsSchema, DEADLINE_MESSAGES } from './schemas/deadlines';

const H = 3600_000;
const placed = new Date('2026-11-20T04:00:00.000Z'); // 10:00 in Dhaka
const at = (hours: number) => new Date(placed.getTime() + hours * H);
const settings = DEFAULT_DEADLINE_SETTINGS;

const order = (over: Partial<DeadlineOrder> = {}): DeadlineOrder => ({
  status: 'Pending',
  paymentMethod: 'CASH-ON-DELIVERY',
  paymentState: null,
  createdAt: placed,
  paidAt: null,
  address: { address_line: 'House 5, Road 2, Mirpur', city: 'Dhaka' },
  handedOver: false,
  ...over,
});
const due = (o: DeadlineOrder, now: Date, s = settings) => Object.fromEntries(orderDeadlines(o, s, now).map((d) => [d.kind, d]));

describe('orderDeadlines', () => {
  it('takes the guidelines’ defaults: 48 hours to hand over, 5 days inside Dhaka, 10 outside', () => {
    expect(settings).toEqual({ handoverHours: 48, deliveryDaysInsideDhaka: 5, deliveryDaysOutsideDhaka: 10 });
    expect(GUIDELINE_DEFAULTS.handoverHours).toBe(48);
    const d = due(order(), placed);
    expect(d.handover!.dueAt).toBe(at(48).toISOString());
    expect(d.delivery!.dueAt).toBe(at(5 * 24).toISOString());
  });

  it('is not overdue exactly at the due time, and overdue a millisecond after', () => {
    expect(due(order(), at(48)).handover!.overdue).toBe(false);
    expect(due(order(), new Date(at(48).getTime() + 1)).handover!.overdue).toBe(true);
    expect(due(order(), at(120)).delivery!.overdue).toBe(false);
    expect(due(order(), new Date(at(120).getTime() + 1)).delivery!.overdue).toBe(true);
  });

  it('gives 10 days outside Dhaka, by the Dhaka address rule (Bangla, districts, the division)', () => {
    const outside = [
      { address_line: 'Agrabad', city: 'Chattogram' },
      { address_line: 'টঙ্গী, ঢাকা', city: 'গাজীপুর' },
      { address_line: 'Sadar', city: 'Gazipur, Dhaka Division' },
    ];
    for (const address of outside) expect(due(order({ address }), placed).delivery!.dueAt).toBe(at(240).toISOString());
    const inside = [
      { address_line: 'বাসা ১২, মিরপুর', city: 'ঢাকা' },
      { address_line: 'মিরপুর, ঢাকায়', city: 'মিরপুর' },
      { address_line: 'House 1', city: 'Dhaka-1207' },
    ];
    for (const address of inside) expect(due(order({ address }), placed).delivery!.dueAt).toBe(at(120).toISOString());
    // No address known: the longer time, never a false alarm.
    expect(due(order({ address: null }), placed).delivery!.dueAt).toBe(at(240).toISOString());
  });

  it('runs a prepaid order’s handover from its payment, a COD order’s from its placement', () => {
    const paid = order({ paymentMethod: 'bkash', paymentState: 'paid', paidAt: at(3) });
    expect(due(paid, placed).handover!.dueAt).toBe(at(51).toISOString());
    // Delivery still counts from the placement.
    expect(due(paid, placed).delivery!.dueAt).toBe(at(120).toISOString());
    // A typed wallet transaction id: paid before placing.
    expect(due(order({ paymentMethod: 'nagad' }), placed).handover!.dueAt).toBe(at(48).toISOString());
    expect(due(order({ paidAt: at(3) }), placed).handover!.dueAt).toBe(at(48).toISOString());
  });

  it('has none for an order whose bKash payment is awaited, failed or refunded', () => {
    for (const paymentState of ['awaiting', 'failed', 'refunded'] as const) {
      expect(orderDeadlines(order({ paymentMethod: 'bkash', paymentState }), settings, at(1000))).toEqual([]);
    }
  });

  it('meets the handover once a parcel is booked, and both once delivered or received', () => {
    const booked = due(order({ handedOver: true }), at(200));
    expect(booked.handover).toMatchObject({ met: true, overdue: false });
    expect(booked.delivery).toMatchObject({ met: false, overdue: true });
    for (const status of ['Delivered', 'Received'] as const) {
      const list = orderDeadlines(order({ status }), settings, at(1000));
      expect(list.map((d) => [d.kind, d.met, d.overdue])).toEqual([['handover', true, false], ['delivery', true, false]]);
    }
  });

  it('has none for a cancelled or returned order', () => {
    expect(orderDeadlines(order({ status: 'Cancel' }), settings, at(1000))).toEqual([]);
    expect(orderDeadlines(order({ status: 'Return' }), settings, at(1000))).toEqual([]);
  });

  it('follows the shop’s own settings', () => {
    const own = { handoverHours: 24, deliveryDaysInsideDhaka: 2, deliveryDaysOutsideDhaka: 4 };
    const d = due(order(), at(49), own);
    expect(d.handover).toMatchObject({ dueAt: at(24).toISOString(), overdue: true });
    expect(d.delivery).toMatchObject({ dueAt: at(48).toISOString(), overdue: true });
    expect(isOverdue(orderDeadlines(order(), own, at(23)))).toBe(false);
  });

  it('lists one more kind given from elsewhere (a refund’s due time), even on a cancelled order', () => {
    const list = orderDeadlines(order({ status: 'Cancel' }), settings, at(80), [{ kind: 'refund', dueAt: at(72), met: false }]);
    expect(list).toEqual([{ kind: 'refund', dueAt: at(72).toISOString(), met: false, overdue: true }]);
    expect(orderDeadlines(order({ status: 'Cancel' }), settings, at(80), [{ kind: 'refund', dueAt: at(72), met: true }])[0]!.overdue).toBe(false);
  });
});

describe('deadlineSettingsSchema', () => {
  it('takes whole numbers as typed in the form', () => {
    expect(deadlineSettingsSchema.parse({ handoverHours: '24', deliveryDaysInsideDhaka: 3, deliveryDaysOutsideDhaka: '7' })).toEqual({ handoverHours: 24, deliveryDaysInsideDhaka: 3, deliveryDaysOutsideDhaka: 7 });
  });

  it.each([
    [{ handoverHours: 0, deliveryDaysInsideDhaka: 5, deliveryDaysOutsideDhaka: 10 }, DEADLINE_MESSAGES.handoverHours],
    [{ handoverHours: 1.5, deliveryDaysInsideDhaka: 5, deliveryDaysOutsideDhaka: 10 }, DEADLINE_MESSAGES.handoverHours],
    [{ handoverHours: '', deliveryDaysInsideDhaka: 5, deliveryDaysOutsideDhaka: 10 }, DEADLINE_MESSAGES.handoverHours],
    [{ handoverHours: 48, deliveryDaysInsideDhaka: 61, deliveryDaysOutsideDhaka: 10 }, DEADLINE_MESSAGES.deliveryDays],
    [{ handoverHours: 48, deliveryDaysInsideDhaka: 5, deliveryDaysOutsideDhaka: 'ten' }, DEADLINE_MESSAGES.deliveryDays],
    [{ handoverHours: 48, deliveryDaysInsideDhaka: 11, deliveryDaysOutsideDhaka: 10 }, DEADLINE_MESSAGES.insideLonger],
  ])('refuses %j with a clear message', (input, message) => {
    const result = deadlineSettingsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(message);
  });
});
