import { currentLang, onLanguageChange } from './index';
import { banglaMessages } from './messageTables';

/**
 * Texts the server and the shared zod schemas send (issue 14), in the page's language. They arrive
 * in English; messages.bn.ts says them in Bangla (errors by their code, decision 0052, other texts by
 * their English). Its tables (the error catalogue twice, ~13 KB gzip) load only when the page is or
 * turns Bangla (issue 25: an English shopper never downloads them); until then a text stays English.
 */
const loadBangla = () => {
  if (currentLang() === 'bn' && !banglaMessages()) void import('./messages.bn');
};
loadBangla();
onLanguageChange(loadBangla);

const inBangla = () => (currentLang() === 'bn' ? banglaMessages() : undefined);

/** A text the server or a schema sent, in the page's language. */
export function translateMessage(text: string): string {
  return text ? (inBangla()?.translateMessage(text) ?? text) : text;
}

/**
 * An error in the page's language by its code: `message` is the English the
 * server sent (shown in English, and in Bangla when the code has none).
 */
export function translateError(code: string, params: Record<string, string | number> | undefined, message: string): string {
  return inBangla()?.translateError(code, params, message) ?? message;
}
