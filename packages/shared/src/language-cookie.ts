/**
 * The shopper's language choice, kept in one cookie (issue 25, decision 0078): the server reads it to render a
 * page in that language, and writes it for the toggle used before the scripts ran; the browser writes it when
 * the toggle is used after.
 */
export type ChosenLang = 'en' | 'bn';

export const LANG_COOKIE = 'haat.lang';

/** The cookie that keeps lang for a year on every page, in a Set-Cookie header or document.cookie. */
export function langCookie(lang: ChosenLang): string {
  return `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The language chosen in a Cookie header (or document.cookie), if any. */
export function langFromCookies(cookies: string | undefined): ChosenLang | undefined {
  for (const part of (cookies ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANG_COOKIE && (value === 'en' || value === 'bn')) return value;
  }
  return undefined;
}
