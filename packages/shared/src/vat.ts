/**
 * The Mushak-6.3 VAT invoice's figures (issue 27, decision 0077). Prices in
 * this shop include VAT at the shop's one rate, so each line's VAT is taken
 * out of its total: vat = total × rate / (100 + rate). Supplementary duty is
 * 0 for what the shop sells. Figures are in paisa (whole numbers), rounded
 * once per line, and each line's total is exactly the taka the order charged,
 * so the invoice's total is the order's total.
 */
export interface VatLineInput {
  description: string;
  /** The unit of supply ('pcs' when the product names none). */
  unit: string;
  quantity: number;
  /** The line's charge in taka, VAT included (negative for a discount). */
  total: number;
}

export interface VatLine extends VatLineInput {
  /** Unit price and total price before VAT, in paisa (the form's columns 5 and 6). */
  unitPricePaisa: number;
  valuePaisa: number;
  sdRate: number;
  sdPaisa: number;
  /** The VAT rate in percent and the VAT in paisa (columns 9 and 10). */
  vatRate: number;
  vatPaisa: number;
  /** Value with every duty and tax, in paisa (column 11). */
  totalPaisa: number;
}

/** Each line's figures at the rate given in tenths of a percent (150 = 15%). */
export function vatLines(lines: VatLineInput[], rateTenths: number): VatLine[] {
  return lines.map((line) => {
    const totalPaisa = Math.round(line.total * 100);
    const vatPaisa = Math.round((totalPaisa * rateTenths) / (1000 + rateTenths));
    const valuePaisa = totalPaisa - vatPaisa;
    return {
      ...line,
      unitPricePaisa: line.quantity > 0 ? Math.round(valuePaisa / line.quantity) : valuePaisa,
      valuePaisa,
      sdRate: 0,
      sdPaisa: 0,
      vatRate: rateTenths / 10,
      vatPaisa,
      totalPaisa,
    };
  });
}

export interface VatTotals {
  valuePaisa: number;
  sdPaisa: number;
  vatPaisa: number;
  totalPaisa: number;
}

export function vatTotals(lines: VatLine[]): VatTotals {
  return lines.reduce((s, l) => ({ valuePaisa: s.valuePaisa + l.valuePaisa, sdPaisa: s.sdPaisa + l.sdPaisa, vatPaisa: s.vatPaisa + l.vatPaisa, totalPaisa: s.totalPaisa + l.totalPaisa }), { valuePaisa: 0, sdPaisa: 0, vatPaisa: 0, totalPaisa: 0 });
}

/** Tenths of a percent from a percent (7.5 → 75). */
export const vatRateTenths = (percent: number) => Math.round(percent * 10);
