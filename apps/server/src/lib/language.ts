import Negotiator from 'negotiator';

/** The two languages the shop speaks (issue 14). */
export type Lang = 'en' | 'bn';
const LANGS: Lang[] = ['en', 'bn'];

/**
 * The language a request asks its mail in, from Accept-Language: the SPA sends
 * the language the shopper chose in the header toggle; another client's
 * browser sends its own. English when neither language is asked for.
 */
export function requestLanguage(headers: { 'accept-language'?: string | string[] }): Lang {
  const header = headers['accept-language'];
  const [best] = new Negotiator({ headers: { 'accept-language': Array.isArray(header) ? header.join(',') : header } }).languages(LANGS);
  return best === 'bn' ? 'bn' : 'en';
}
