import { formatCount } from '@haat/shared/numerals';
import { i18n } from './index';
import { MESSAGE_PATTERNS, MESSAGES_NS } from './messages.locales';

/**
 * Texts the server and the shared zod schemas send (issue 14). They arrive
 * in English, the spec's wording, so the English text itself is the key:
 * `translateMessage(text)` looks it up with no key or namespace separator in
 * 'messages' (the shopper's) and 'adminMessages' (registered by the admin
 * chunk), and falls back to the text as sent. A few messages carry a number or
 * a product's name; MESSAGE_PATTERNS matches those.
 */
const LOOKUP = { ns: [MESSAGES_NS, 'adminMessages'], keySeparator: false, nsSeparator: false } as const;

export function translateMessage(text: string): string {
  if (!text || i18n.resolvedLanguage !== 'bn') return text;
  if (i18n.exists(text, LOOKUP)) return i18n.t(text, LOOKUP);
  for (const [pattern, bangla] of MESSAGE_PATTERNS) {
    const m = pattern.exec(text);
    if (m) return bangla(m.slice(1).map((part) => (/^\d+$/.test(part) ? formatCount(Number(part), 'bn') : part)));
  }
  return text;
}
