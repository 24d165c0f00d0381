/** The one taka formatter: bn-BD digits, BDT symbol. Never a dollar sign. */
const formatter = new Intl.NumberFormat('bn-BD', { style: 'currency', currency: 'BDT' });

export function formatTaka(amount: number): string {
  return formatter.format(amount);
}

/** Counts live with the other numerals; re-exported for the amount screens that show both. */
export { formatCount } from './numerals';
