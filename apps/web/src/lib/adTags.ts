import type { AdBrowserEvent, AdPublic } from '@haat/shared/schemas/ads';
import { adTagsReady, type AdEventName, type AdExtra, type AdItem } from './adEvents';
import { request } from './api';

/**
 * The Meta Pixel and gtag, loaded only after the shopper's yes on the consent bar (issue 45, decision 0119), by a
 * dynamic import: neither this module nor the tags are in a first-visit's JavaScript. The queue functions are ours
 * (no inline script: the CSP allows the tags' origins only while the owner set their ids).
 */
type Fn = ((...args: unknown[]) => void) & { queue?: unknown[]; callMethod?: Fn; loaded?: boolean; version?: string; push?: Fn };
type AdWindow = Window & { fbq?: Fn; _fbq?: Fn; gtag?: Fn; dataLayer?: unknown[] };

function script(src: string): void {
  const el = document.createElement('script');
  el.async = true;
  el.src = src;
  document.head.appendChild(el);
}

function loadPixel(w: AdWindow, pixelId: string): void {
  if (w.fbq) return;
  const fbq: Fn = (...args: unknown[]) => (fbq.callMethod ? fbq.callMethod(...args) : fbq.queue!.push(args));
  fbq.queue = [];
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.push = fbq;
  w.fbq = fbq;
  w._fbq = fbq;
  script('https://connect.facebook.net/en_US/fbevents.js');
  fbq('init', pixelId);
  fbq('track', 'PageView');
}

function loadGtag(w: AdWindow, measurementId: string): void {
  if (w.gtag) return;
  w.dataLayer = w.dataLayer ?? [];
  // gtag.js reads the arguments objects its queue holds, as Google's snippet pushes them.
  w.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer!.push(arguments);
  };
  script(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`);
  w.gtag('js', new Date());
  w.gtag('config', measurementId);
}

const META_NAMES = { view_item: 'ViewContent', add_to_cart: 'AddToCart', begin_checkout: 'InitiateCheckout', purchase: 'Purchase' } as const;

/** A fresh event id for the Pixel and the server's copy (decision 0131): the event's name, a dot, 16 hex digits. */
function newEventId(name: AdEventName): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `${name}.${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function send(w: AdWindow, ids: AdPublic, name: AdEventName, items: AdItem[], extra: AdExtra): void {
  const value = extra.value ?? items.reduce((sum, i) => sum + i.price * i.quantity, 0);
  const eventId = extra.eventId ?? newEventId(name);
  w.fbq?.('track', META_NAMES[name], { currency: 'BDT', value, content_ids: items.map((i) => i.id), contents: items.map((i) => ({ id: i.id, quantity: i.quantity })), content_type: 'product' }, { eventID: eventId });
  w.gtag?.('event', name, { currency: 'BDT', value, ...(extra.transactionId ? { transaction_id: extra.transactionId } : {}), items: items.map((i) => ({ item_id: i.id, item_name: i.name, price: i.price, quantity: i.quantity })) });
  // The Purchase's server copy comes from the order itself; the others from here, with the Pixel's id.
  if (name === 'purchase' || !ids.meta_pixel_id || items.length === 0) return;
  const body = { name: name satisfies AdBrowserEvent, event_id: eventId, url: location.href.slice(0, 500), items: items.slice(0, 50).map((i) => ({ id: i.id, quantity: i.quantity, price: i.price })) };
  request('ads/events', { method: 'POST', body }).catch(() => {});
}

export function loadAdTags(ids: AdPublic): void {
  const w = window as AdWindow;
  if (ids.meta_pixel_id) loadPixel(w, ids.meta_pixel_id);
  if (ids.ga_measurement_id) loadGtag(w, ids.ga_measurement_id);
  adTagsReady((name, items, extra) => send(w, ids, name, items, extra));
}
