/** The one taka formatter: bn-BD digits, BDT symbol. Never a dollar sign. */
const formatter = new Intl.NumberFormat('bn-BD', { style: 'currency', currency: 'BDT' });

export function formatTaka(amount: number): string {
  return formatter.format(amount);
}

/** A delivery charge as shoppers and the admin see it: 'Free' when it is 0, else taka. */
export function formatDeliveryFee(fee: number): string {
  return fee === 0 ? 'Free' : formatTaka(fee);
}
