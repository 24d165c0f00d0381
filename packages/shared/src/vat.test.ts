import { describe, expect, it } from 'vitest';
import { vatLines, vatRateTenths, vatTotals } from './vat';

describe('the Mushak-6.3 figures (decision 0077)', () => {
  it('take VAT out of VAT-inclusive prices per line, in paisa, adding up to what was charged', () => {
    const lines = vatLines(
      [
        { description: 'Panjabi', unit: 'pcs', quantity: 1, total: 1050 },
        { description: 'Mug', unit: 'pcs', quantity: 2, total: 1150 },
        { description: 'Delivery', unit: 'service', quantity: 1, total: 60 },
      ],
      150,
    );
    expect(lines.map((l) => [l.valuePaisa, l.vatPaisa, l.totalPaisa, l.unitPricePaisa])).toEqual([
      [91304, 13696, 105000, 91304],
      [100000, 15000, 115000, 50000],
      [5217, 783, 6000, 5217],
    ]);
    expect(lines.every((l) => l.sdRate === 0 && l.sdPaisa === 0 && l.vatRate === 15)).toBe(true);
    expect(vatTotals(lines)).toEqual({ valuePaisa: 196521, sdPaisa: 0, vatPaisa: 29479, totalPaisa: 226000 });
  });

  it('reads a rate with one decimal, and a rate of 0 leaves the price whole', () => {
    expect(vatRateTenths(7.5)).toBe(75);
    expect(vatRateTenths(15)).toBe(150);
    const [line] = vatLines([{ description: 'Book', unit: 'pcs', quantity: 3, total: 900 }], 0);
    expect(line).toMatchObject({ valuePaisa: 90000, vatPaisa: 0, unitPricePaisa: 30000 });
    const [truncated] = vatLines([{ description: 'Rice', unit: 'kg', quantity: 1, total: 1075 }], 75);
    expect(truncated).toMatchObject({ vatPaisa: 7500, valuePaisa: 100000 });
  });
});
