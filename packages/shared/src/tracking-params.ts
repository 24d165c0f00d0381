/**
 * Parameters an ad or a link shortener adds to a page's URL (Facebook's `fbclid` on every ad click,
 * `utm_*`, Google's `gclid`…): the page is the same without them. The server renders and keeps a
 * guest's page without them (decision 0090: every ad click carries its own `fbclid`, so a page kept
 * by the whole query would never be found again), and the language toggle's form does not carry
 * them, so the page the browser takes over is the server's markup exactly.
 */
const TRACKING = /^(?:utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|ttclid|twclid|igshid|mc_cid|mc_eid)$/i;

export function isTrackingParam(name: string): boolean {
  return TRACKING.test(name);
}

/** A path with its query, the tracking parameters left out (and the `?` when none is left). */
export function withoutTrackingParams(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url.slice(at + 1);
  const kept = query.split('&').filter((part) => part !== '' && !isTrackingParam(safeName(part.split('=')[0]!)));
  return kept.length ? `${url.slice(0, at)}?${kept.join('&')}` : url.slice(0, at);
}

function safeName(encoded: string): string {
  try {
    return decodeURIComponent(encoded.replace(/\+/g, ' '));
  } catch {
    return encoded;
  }
}
