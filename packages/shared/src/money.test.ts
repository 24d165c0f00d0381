import { describe, expect, it } from 'vitest';
import { formatDeliveryFee, formatTaka } from './money';

describe('formatTaka', () => {
  it('uses Bengali digits and the taka sign, never a dollar', () => {
    const s = formatTaka(1250);
    expect(s).toContain('৳');
    expect(s).toContain('১,২৫০');
    expect(s).not.toContain('$');
  });
});

describe('formatDeliveryFee', () => {
  it("says 'Free' for a zero charge and taka otherwise", () => {
    expect(formatDeliveryFee(0)).toBe('Free');
    expect(formatDeliveryFee(60)).toBe(formatTaka(60));
  });
});
