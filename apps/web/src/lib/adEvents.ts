/**
 * The browser's ad and analytics events (issue 45, decision 0119): sent only through the Meta Pixel and gtag that
 * lib/adTags.ts loads after the shopper's yes. Before that (or with a no) `fbq` and `gtag` are not there and each
 * call does nothing. Tiny on purpose: it is in the first-visit JavaScript; the tags are not.
 */
type Fn = (...args: unknown[]) => void;
type AdWindow = Window & { fbq?: Fn; gtag?: Fn };

export interface AdItem {
  id: string;
  name: string;
  price: number;
  quantity: number;
}

const META_NAMES = { view_item: 'ViewContent', add_to_cart: 'AddToCart', begin_checkout: 'InitiateCheckout', purchase: 'Purchase' } as const;

/** One e-commerce event to both, in taka; `eventId` is the id the server's Conversions API event carries too. */
export function trackAd(name: keyof typeof META_NAMES, items: AdItem[], extra: { eventId?: string; transactionId?: string; value?: number } = {}): void {
  if (typeof window === 'undefined') return;
  const w = window as AdWindow;
  const value = extra.value ?? items.reduce((sum, i) => sum + i.price * i.quantity, 0);
  w.fbq?.('track', META_NAMES[name], { currency: 'BDT', value, content_ids: items.map((i) => i.id), contents: items.map((i) => ({ id: i.id, quantity: i.quantity })), content_type: 'product' }, extra.eventId ? { eventID: extra.eventId } : {});
  w.gtag?.('event', name, { currency: 'BDT', value, ...(extra.transactionId ? { transaction_id: extra.transactionId } : {}), items: items.map((i) => ({ item_id: i.id, item_name: i.name, price: i.price, quantity: i.quantity })) });
}
