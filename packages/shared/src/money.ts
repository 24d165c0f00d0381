/** The one taka formatter: bn-BD digits, BDT symbol. Never a dollar sign. */
const formatter = new Intl.NumberFormat('bn-BD', { style: 'currency', currency: 'BDT' });

export function formatTaka(amount: number): string {
  return formatter.format(amount);
}

const numberFormatter = new Intl.NumberFormat('bn-BD');

/** Plain counts (quantities, pages) in Bengali digits. */
export function formatCount(n: number): string {
  return numberFormatter.format(n);
}
