import { describe, expect, it } from 'vitest';
import { deliveryRecord, deliveryRisk, UNKNOWN_DELIVERY_RECORD } from './delivery-record';

describe('delivery record', () => {
  it('computes the delivered share with two decimals, none without history', () => {
    expect(deliveryRecord(2, 1, 'own')).toEqual({ delivered: 2, returned: 1, ratio: 0.67, source: 'own' });
    expect(deliveryRecord(0, 0, 'steadfast').ratio).toBeNull();
  });

  it('grades green from 80 %, amber from 50 %, red below, grey when unknown or new', () => {
    expect(deliveryRisk(deliveryRecord(8, 2, 'own'))).toBe('good');
    expect(deliveryRisk(deliveryRecord(7, 3, 'own'))).toBe('watch');
    expect(deliveryRisk(deliveryRecord(1, 1, 'own'))).toBe('watch');
    expect(deliveryRisk(deliveryRecord(4, 6, 'steadfast'))).toBe('risky');
    expect(deliveryRisk(deliveryRecord(0, 0, 'own'))).toBe('none');
    expect(deliveryRisk(UNKNOWN_DELIVERY_RECORD)).toBe('none');
  });
});
