import i18n, { type LanguageDetectorModule } from 'i18next';
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
/** localStorage key that remembers the shopper's choice; the cookie of the same name tells the server (issue 25). */
export const LANG_STORAGE_KEY = 'haat.lang';

/** 'bn' or 'en' for a language tag ('bn-BD', 'en-GB'…), or undefined for another language. */
export const langOf = (tag: string | null | undefined): Lang | undefined => LANGS.find((l) => tag?.toLowerCase().split('-')[0] === l);

/** The language the shopper chose on this device (the toggle), if any. */
export function chosenLang(): Lang | undefined {
  try {
    const stored = langOf(localStorage.getItem(LANG_STORAGE_KEY));
    if (stored) return stored;
  } catch {
    // Storage disabled: the cookie below.
  }
  return typeof document === 'undefined' ? undefined : langOf(/(?:^|;\s*)haat\.lang=([^;]*)/.exec(document.cookie)?.[1]);
}

/**
 * The choice this device remembered as the page loaded. i18next writes the language it starts in
 * back (cacheUserLanguage); on a server-rendered page that is the page's language, so main.tsx
 * reads the remembered one from here to switch to it after taking the page over.
 */
export const rememberedAtLoad: Lang | undefined = typeof window === 'undefined' ? undefined : chosenLang();

/**
 * Which language a page opens in: the one the server rendered it in (it read the cookie, then
 * Accept-Language), else the remembered choice, else the browser's first of ours. In place of
 * i18next-browser-languagedetector (2.4 KB gzip for these few lines).
 */
const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => {
    if (typeof window === 'undefined') return ['en'];
    // The server-rendered page's language is <html lang> while its data block (app/serverPage.ts) is still there.
    const rendered = document.getElementById('haat-ssr') ? langOf(document.documentElement.lang) : undefined;
    // In order of preference; i18next takes the first of ours.
    return [rendered, chosenLang(), ...navigator.languages.map(langOf)].filter((l): l is Lang => l !== undefined);
  },
  cacheUserLanguage: (lng) => {
    if (typeof document === 'undefined') return;
    try {
      localStorage.setItem(LANG_STORAGE_KEY, lng);
    } catch {
      // Storage disabled: the cookie still tells the server.
    }
    document.cookie = `${LANG_STORAGE_KEY}=${lng}; path=/; max-age=31536000; samesite=lax`;
  },
};

/** The same shape as the English texts, every leaf a string. */
export type Locale<T> = { [K in keyof T]: T[K] extends string ? string : Locale<T[K]> };
export interface LocaleBundle<T extends object = object> {
  en: T;
  bn: Locale<T>;
}

/** Every bundle registered so far, by namespace (the missing-translation test reads it). */
export const registeredBundles = new Map<string, LocaleBundle>();

void i18n
  .use(detector)
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
