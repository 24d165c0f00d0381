import { ERRORS, fill, isErrorCode, type ErrorCode } from '@haat/shared/errors/catalogue';
import { formatCount } from '@haat/shared/numerals';
import { ERRORS_BN } from './errors.bn';
import { flatText } from './index';
import { localName } from './localName';
import { MESSAGES_NS } from './messages.locales';
import { provideBangla } from './messageTables';

/**
 * Bangla for the texts the server and the shared zod schemas send (issue 14); loaded
 * only when the page is in Bangla (issue 25), through messages.ts. Errors come
 * with a code of the shared catalogue and its parameters (decision 0052):
 * `translateError` says them in Bangla from ERRORS_BN, typed so every code
 * has its Bangla. Other texts (success messages, the schemas' messages, the
 * web's own) arrive in English, the spec's wording, so the English text itself
 * is the key: `translateMessage(text)` looks it up with no key or namespace
 * separator in 'messages' (the shopper's) and 'adminMessages' (registered by
 * the admin chunk), then among the catalogue's fixed error texts (a server
 * without codes), and falls back to the text as sent.
 */
const LOOKUP = [MESSAGES_NS, 'adminMessages'];

/** The catalogue's errors without a {{slot}}, by their English text. */
const BY_TEXT = new Map<string, ErrorCode>();
for (const code of Object.keys(ERRORS) as ErrorCode[]) {
  const { en } = ERRORS[code];
  if (!en.includes('{{') && !BY_TEXT.has(en)) BY_TEXT.set(en, code);
}

/** The web's own failures with a parameter: an answer without a message. */
const CLIENT_BN: Record<string, (p: Record<string, string | number>) => string> = {
  REQUEST_FAILED: ({ status }) => `অনুরোধটি ব্যর্থ হয়েছে (${formatCount(Number(status), 'bn')})।`,
};

function translateMessage(text: string): string {
  for (const ns of LOOKUP) {
    const said = flatText(ns, text);
    if (said !== undefined) return said;
  }
  const code = BY_TEXT.get(text);
  return code ? translateError(code, {}, text) : text;
}

/**
 * An error in the page's language by its code: `message` is the English the
 * server sent (shown in English, and in Bangla when the code has none).
 */
function translateError(code: string, params: Record<string, string | number> | undefined, message: string): string {
  const p = saidInBangla(params ?? {});
  const client = CLIENT_BN[code];
  if (client) return client(p);
  if (!isErrorCode(code)) return translateMessage(message);
  // A schema's refusal or a plugin's 4xx: the English text is the key.
  if (code === 'VALIDATION' || code === 'HTTP_ERROR') return translateMessage(String(p.message ?? message));
  // An import row broken against a shared schema's rule: the column as written, the rule by its text.
  if (code === 'CSV_CELL_RULE') return `${p.column}: ${translateMessage(String(p.message))}`;
  const bangla = ERRORS_BN[code] as string | null | ((p: Record<string, string | number>) => string);
  if (bangla === null) return message || fill(ERRORS[code].en, p);
  return typeof bangla === 'function' ? bangla(p) : bangla;
}

/**
 * The parameters with each one's Bangla twin in its place (`name_bn` for `name`, issue 42): a product
 * named in the error as on the rest of the page, by the one rule for names (localName).
 */
function saidInBangla(params: Record<string, string | number>): Record<string, string | number> {
  const out = { ...params };
  for (const [key, value] of Object.entries(params)) {
    const twin = params[`${key}_bn`];
    if (twin !== undefined) out[key] = localName({ name: String(value), name_bn: String(twin) }, 'bn');
  }
  return out;
}

provideBangla({ translateMessage, translateError });
