import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

/**
 * Bangla and English (issue 14). Each feature owns its texts in a
 * `locales.ts` beside it and registers them when its module loads, so a lazy
 * route's texts arrive in the route's own chunk (the admin's never reach a
 * shopper's phone). English is the spec's exact wording; `bn` must hold the
 * same keys (typed by `Locale<typeof en>`, and checked by i18n.test.ts).
 */
export type Lang = 'en' | 'bn';
export const LANGS: readonly Lang[] = ['en', 'bn'];
/** localStorage key that remembers the shopper's choice. */
export const LANG_STORAGE_KEY = 'haat.lang';

/** The same shape as the English texts, every leaf a string. */
export type Locale<T> = { [K in keyof T]: T[K] extends string ? string : Locale<T[K]> };
export interface LocaleBundle<T extends object = object> {
  en: T;
  bn: Locale<T>;
}

/** Every bundle registered so far, by namespace (the missing-translation test reads it). */
export const registeredBundles = new Map<string, LocaleBundle>();

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    // Resources are added by registerLocales, synchronously: no first render without texts.
    // One text per language is here from the start: i18next sets resolvedLanguage only to a
    // language that already has texts when it is chosen, and the detected choice is made
    // before any locales.ts registers (without it a reload in Bangla left resolvedLanguage
    // unset: the toggle could not switch back, messages stayed English, <html lang> was 'en').
    resources: { en: { lang: { name: 'English' } }, bn: { lang: { name: 'বাংলা' } } },
    initAsync: false,
    supportedLngs: LANGS as Lang[],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    defaultNS: 'common',
    ns: [],
    interpolation: { escapeValue: false }, // React escapes.
    returnNull: false,
    detection: {
      // The remembered choice first, then the browser's language; the toggle writes the choice.
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANG_STORAGE_KEY,
      caches: ['localStorage'],
    },
    react: { useSuspense: false },
  });

function syncDocumentLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng === 'bn' ? 'bn' : 'en';
}
syncDocumentLang(i18n.resolvedLanguage ?? 'en');
i18n.on('languageChanged', syncDocumentLang);

/** Adds a feature's texts under its namespace; call at the top level of its locales.ts. */
export function registerLocales<const N extends string, T extends object>(ns: N, bundle: LocaleBundle<T>): N {
  if (!registeredBundles.has(ns)) {
    registeredBundles.set(ns, bundle as LocaleBundle);
    i18n.addResourceBundle('en', ns, bundle.en, true, true);
    i18n.addResourceBundle('bn', ns, bundle.bn, true, true);
  }
  return ns;
}

/** The language in use: 'bn' or 'en'. */
export function currentLang(): Lang {
  return i18n.resolvedLanguage === 'bn' ? 'bn' : 'en';
}

/** Accept-Language for a request whose answer reaches the shopper later in words (the account e-mails). */
export function languageHeader(): { 'accept-language': Lang } {
  return { 'accept-language': currentLang() };
}

export { i18n };
