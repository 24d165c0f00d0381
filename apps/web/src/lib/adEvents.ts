import { useEffect, useRef } from 'react';
import { adConsentOf } from '@haat/shared/ad-consent';

/**
 * The browser's ad and analytics events (issue 45, decisions 0119 and 0131): sent only by lib/adTags.ts, which the
 * consent bar loads after the shopper's yes. Until then (the bar first asks the shop for its ids) an event is kept
 * here, only when the yes is already given; with a no or no answer each call does nothing. Tiny on purpose: it is
 * in the first-visit JavaScript; the tags and the sending are not.
 */
export interface AdItem {
  id: string;
  name: string;
  price: number;
  quantity: number;
}

export type AdEventName = 'view_item' | 'add_to_cart' | 'begin_checkout' | 'purchase';
/** `eventId` is the Purchase's own (the order's number); the other events get a fresh one when sent. */
export interface AdExtra {
  eventId?: string;
  transactionId?: string;
  value?: number;
}
type Sender = (name: AdEventName, items: AdItem[], extra: AdExtra) => void;

let sender: Sender | undefined;
const pending: Parameters<Sender>[] = [];

/** One e-commerce event to the Pixel and gtag (and the Pixel's copy to the server), in taka. */
export function trackAd(name: AdEventName, items: AdItem[], extra: AdExtra = {}): void {
  if (typeof window === 'undefined') return;
  if (sender) return sender(name, items, extra);
  if (adConsentOf(document.cookie) === 'yes' && pending.length < 20) pending.push([name, items, extra]);
}

/** Called by lib/adTags.ts once the tags are loaded: what was kept goes now, each once. */
export function adTagsReady(send: Sender): void {
  sender = send;
  for (const args of pending.splice(0)) send(...args);
}

/** The event once per mounted page (a product viewed, a checkout begun), as soon as its items are known. */
export function useAdEventOnce(name: 'view_item' | 'begin_checkout', items: AdItem[] | null): void {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !items || items.length === 0) return;
    sent.current = true;
    trackAd(name, items);
  }, [name, items]);
}
