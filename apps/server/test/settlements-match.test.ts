import { describe, expect, it } from 'vitest';
import type { CourierRate } from '@haat/shared/schemas/settlements';
import { exceptionsFirst, matchSettlements, owedByCourier, parcelKey, type ExpectedParcel, type PaidParcel } from '../src/modules/settlements/match';

/** The settlements' one rule (decision 0112), pure: every case worked out by hand. */
const NOW = new Date('2026-12-07T06:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);
const RATES: CourierRate[] = [{ provider: 'steadfast', zone: 'inside', deliveryCharge: 60, codFeePermille: 10, returnCharge: 30 }];

const parcel = (consignmentId: string, over: Partial<ExpectedParcel> = {}): ExpectedParcel => ({
  provider: 'steadfast',
  consignmentId,
  orderNo: `HT-${consignmentId}`,
  kind: 'delivery',
  codPaisa: 106_000, // 1,060 taka
  zone: 'inside',
  finalAt: daysAgo(3),
  ...over,
});
const line = (consignmentId: string, paidPaisa: number, over: Partial<PaidParcel> = {}): PaidParcel => ({
  provider: 'steadfast',
  consignmentId,
  codCollectedPaisa: 106_000,
  deliveryChargePaisa: 6_000,
  codFeePaisa: 1_060, // 1 % of 1,060 taka = 10.60
  paidPaisa,
  payoutIds: ['p1'],
  ...over,
});
const match = (parcels: ExpectedParcel[], paid: PaidParcel[], rates = RATES, resolutions = new Map()) => matchSettlements({ parcels, paid, rates, resolutions, now: NOW });

describe('the settlements matcher', () => {
  it('expects COD less the card’s delivery charge and a COD fee rounded to the paisa', () => {
    // 1,060 − 60 − 10.60 = 989.40 taka.
    expect(match([parcel('a')], [line('a', 98_940)])[0]).toMatchObject({ outcome: 'paid', expectedPaisa: 98_940, differencePaisa: 0 });
    // 333.33 taka of COD: 1 % is 3.3333 taka → 333 paisa.
    const odd = match([parcel('b', { codPaisa: 33_333 })], [line('b', 33_333 - 6_000 - 333, { codCollectedPaisa: 33_333, codFeePaisa: 333 })])[0]!;
    expect(odd).toMatchObject({ outcome: 'paid', expectedPaisa: 27_000 });
  });

  it('says short by how much, and overcharged by how much above the card (before short)', () => {
    expect(match([parcel('a')], [line('a', 98_940 - 5_000)])[0]).toMatchObject({ outcome: 'short', differencePaisa: 5_000, paidPaisa: 93_940 });
    // 80 taka charged where the card says 60: overcharged by 20, though the courier's own sum adds up.
    expect(match([parcel('a')], [line('a', 97_940 - 1_000, { deliveryChargePaisa: 8_000 })])[0]).toMatchObject({ outcome: 'overcharged', differencePaisa: 2_000 });
    // Paid more than expected is paid.
    expect(match([parcel('a')], [line('a', 99_000)])[0]!.outcome).toBe('paid');
  });

  it('sums a parcel paid across payouts', () => {
    const [m] = match([parcel('a')], [line('a', 98_940, { codCollectedPaisa: 106_000, payoutIds: ['p1', 'p2'] })]);
    expect(m).toMatchObject({ outcome: 'paid', payoutIds: ['p1', 'p2'] });
  });

  it('expects a returned parcel to cost its return charge, prepaid parcels their delivery charge', () => {
    const returned = parcel('r', { kind: 'return', codPaisa: 0 });
    expect(match([returned], [line('r', -3_000, { codCollectedPaisa: 0, deliveryChargePaisa: 3_000, codFeePaisa: 0 })])[0]).toMatchObject({ outcome: 'paid', expectedPaisa: -3_000 });
    expect(match([returned], [line('r', -4_000, { codCollectedPaisa: 0, deliveryChargePaisa: 4_000, codFeePaisa: 0 })])[0]).toMatchObject({ outcome: 'overcharged', differencePaisa: 1_000 });
    expect(match([parcel('pp', { codPaisa: 0 })], [])[0]).toMatchObject({ outcome: 'unpaid', expectedPaisa: -6_000 });
  });

  it('takes the default card for a courier and zone not set (130 taka outside Dhaka)', () => {
    expect(match([parcel('o', { zone: 'outside' })], [], [])[0]).toMatchObject({ outcome: 'unpaid', expectedPaisa: 106_000 - 13_000 - 1_060 });
  });

  it('names lines not ours, and ages what is not paid', () => {
    const out = match([parcel('a', { finalAt: daysAgo(20) })], [line('zz', 41_500)]);
    expect(out.map((p) => [p.consignmentId, p.outcome, p.ageDays, p.orderNo])).toEqual([
      ['a', 'unpaid', 20, 'HT-a'],
      ['zz', 'foreign', null, null],
    ]);
  });

  it('owes by courier and age, leaves resolved exceptions out, and lists open exceptions first, oldest first', () => {
    const resolutions = new Map([[parcelKey('steadfast', 'c'), { note: 'settled by phone', at: NOW }]]);
    const out = match(
      [parcel('a', { finalAt: daysAgo(2) }), parcel('b', { finalAt: daysAgo(40) }), parcel('c', { finalAt: daysAgo(10) }), parcel('d', { finalAt: daysAgo(12) })],
      [line('c', 0), line('d', 98_940)],
      RATES,
      resolutions,
    );
    const [owed] = owedByCourier(out);
    expect(owed).toEqual({ provider: 'steadfast', owedPaisa: 2 * 98_940, ageing: { '0-7': 98_940, '8-15': 0, '16-30': 0, '30+': 98_940 }, unpaid: 2, exceptions: 2 });
    expect(exceptionsFirst(out).map((p) => p.consignmentId)).toEqual(['b', 'a', 'c']);
    expect(out.find((p) => p.consignmentId === 'c')!.resolved).toEqual({ note: 'settled by phone', at: NOW.toISOString() });
  });
});
