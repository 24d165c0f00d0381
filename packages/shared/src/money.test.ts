import { describe, expect, it } from 'vitest';
import { formatTaka } from './money';

describe('formatTaka', () => {
  it('uses Bengali digits and the taka sign, never a dollar', () => {
    const s = formatTaka(1250);
    expect(s).toContain('৳');
    expect(s).toContain('১,২৫০');
    expect(s).not.toContain('$');
  });
});
