/**
 * The shopper's answer to the consent bar for ad and analytics measurement (issue 45, decision 0119), kept in one
 * cookie for a year: the browser loads the Meta Pixel and gtag only after 'yes', and the server sends the
 * Conversions API and Measurement Protocol events only for orders placed with it. No cookie: not asked yet (nothing
 * loads, nothing is sent). Tiny on purpose: the consent bar is in a shopper's first-visit JavaScript.
 */
export type AdConsent = 'yes' | 'no';

export const AD_CONSENT_COOKIE = 'haat.ads';

/** The cookie that keeps the answer for a year on every page. */
export function adConsentCookie(answer: AdConsent): string {
  return `${AD_CONSENT_COOKIE}=${answer}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** A cookie's value in a Cookie header (or document.cookie), if any. */
export function cookieValue(cookies: string | undefined, name: string): string | undefined {
  for (const part of (cookies ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/** The answer in a Cookie header (or document.cookie): undefined when the shopper has not answered. */
export function adConsentOf(cookies: string | undefined): AdConsent | undefined {
  const value = cookieValue(cookies, AD_CONSENT_COOKIE);
  return value === 'yes' || value === 'no' ? value : undefined;
}
