import type { AdPublic } from '@haat/shared/schemas/ads';

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

export function loadAdTags(ids: AdPublic): void {
  const w = window as AdWindow;
  if (ids.meta_pixel_id) loadPixel(w, ids.meta_pixel_id);
  if (ids.ga_measurement_id) loadGtag(w, ids.ga_measurement_id);
}
