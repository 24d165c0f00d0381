/** GET shop-info: the shop's public facts (footer contacts, social links, the wallet number), from the server's configuration. */
export interface ShopInfo {
  phone: string;
  email: string;
  social: { facebook: string; instagram: string; linkedin: string };
  walletNumber: string;
}
