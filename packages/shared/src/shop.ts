/** GET shop-info: the shop's public facts (footer contacts, social links, the wallet number), from the server's configuration. */
export interface ShopInfo {
  /** The shop's name and address, as printed on invoices and labels. */
  name: string;
  address: string;
  phone: string;
  email: string;
  social: { facebook: string; instagram: string; linkedin: string };
  walletNumber: string;
  /** bKash checkout is on (the real gateway or the demo sandbox): Bkash shows 'Pay with bKash' instead of a transaction id. */
  bkashCheckout: boolean;
}
