import i18n, { type BackendModule, type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANG_COOKIE, langCookie, langFromCookies } from '@haat/shared/language-cookie';

/**
 * Bangla and English (issue 14). Each feature owns its texts in a
 * `locales.ts` beside it and registers them when its module loads, so a lazy
 * route's texts arrive with the route (the admin's never reach a shopper's
 * phone). English is the spec's exact wording; `bn` must hold the same keys
 * (typed by `Locale<typeof en>`, and checked by i18n.test.ts).
 *
 * A storefront feature's texts are one module per language (`locales.en.ts`,
 * `locales.bn.ts`) that registerLocales loads on demand, only in the page's
 * language (decision 0082): an English shopper never downloads the Bangla, nor
 * a Bangla shopper the English. A page renders once its texts are here
 * (`textsReady`, awaited by main.tsx and by each lazy route); switching
 * language loads the other language's texts first, then switches, with no
 * reload of the page's data. The admin's namespaces register both languages at
 * once, as before.
 */
export type Lang = 'en' | 'bn';
export const LANGS: readonly Lang[] = ['en', 'bn'];
/** localStorage key that remembers the shopper's choice; the cookie of the same name tells the server (issue 25). */
export const LANG_STORAGE_KEY = LANG_COOKIE;

/** 'bn' or 'en' for a language tag ('bn-BD', 'en-GB'…), or undefined for another language. */
export const langOf = (tag: string | null | undefined): Lang | undefined => LANGS.find((l) => tag?.toLowerCase().split('-')[0] === l);

/**
 * The language the shopper chose on this device (the toggle), if any: the cookie first, as the toggle
 * used before the scripts ran sets only the cookie (the server does, decision 0078), then storage.
 */
export function chosenLang(): Lang | undefined {
  const cookie = typeof document === 'undefined' ? undefined : langFromCookies(document.cookie);
  if (cookie) return cookie;
  try {
    return langOf(localStorage.getItem(LANG_STORAGE_KEY));
  } catch {
    // Storage disabled, and no cookie: no choice.
    return undefined;
  }
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
    const lang = langOf(lng);
    if (lang) document.cookie = langCookie(lang);
  },
};

/** The same shape as the English texts, every leaf a string. */
export type Locale<T> = { [K in keyof T]: T[K] extends string ? string : Locale<T[K]> };
export interface LocaleBundle<T extends object = object> {
  en: T;
  bn: Locale<T>;
}

/** A namespace whose languages load on demand: each a module whose default export is its texts. */
export interface LazyLocale<T extends object = object> {
  en: () => Promise<{ default: T }>;
  bn: () => Promise<{ default: Locale<T> }>;
}

/** Every bundle registered so far, by namespace (the missing-translation test reads it). */
export const registeredBundles = new Map<string, LocaleBundle | LazyLocale>();

/** Loads in flight: textsReady() waits for them. */
const loading = new Set<Promise<unknown>>();
function track(load: Promise<unknown>) {
  loading.add(load);
  void load.finally(() => loading.delete(load));
}

/** i18next asks here for a namespace's texts in a language it does not hold yet. */
const backend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (lng, ns, done) => {
    const bundle = registeredBundles.get(ns);
    const load = bundle && typeof bundle.en === 'function' ? (bundle as LazyLocale)[lng === 'bn' ? 'bn' : 'en'] : undefined;
    if (!load) return done(null, {});
    load().then(
      (m) => done(null, m.default as Record<string, unknown>),
      (err: Error) => done(err, true), // a failed download (offline, a new deploy): i18next tries again
    );
  },
};

void i18n
  .use(detector)
  .use(backend)
  .use(initReactI18next)
  .init({
    // Resources are added by registerLocales, synchronously: no first render without texts.
    // One text per language is here from the start: i18next sets resolvedLanguage only to a
    // language that already has texts when it is chosen, and the detected choice is made
    // before any locales.ts registers (without it a reload in Bangla left resolvedLanguage
    // unset: the toggle could not switch back, messages stayed English, <html lang> was 'en').
    resources: { en: { lang: { name: 'English' } }, bn: { lang: { name: 'বাংলা' } } },
    // Those resources, and the rest from the backend above.
    partialBundledLanguages: true,
    initAsync: false,
    supportedLngs: LANGS as Lang[],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // No fallback: a Bangla page loads no English (every key has its Bangla, i18n.test.ts).
    fallbackLng: false,
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

/**
 * Adds a feature's texts under its namespace; call at the top level of its locales.ts. Either both
 * languages at once (the admin's), or a loader per language (a storefront feature's, decision 0082):
 * the page's language is loaded now, the other when the shopper switches.
 */
export function registerLocales<const N extends string, T extends object>(ns: N, bundle: LocaleBundle<T> | LazyLocale<T>): N {
  if (registeredBundles.has(ns)) return ns;
  registeredBundles.set(ns, bundle as LocaleBundle | LazyLocale);
  if (typeof bundle.en === 'function') track(i18n.loadNamespaces(ns));
  else {
    const { en, bn } = bundle as LocaleBundle<T>;
    i18n.addResourceBundle('en', ns, en, true, true);
    i18n.addResourceBundle('bn', ns, bn, true, true);
  }
  return ns;
}

/** Resolves once the texts of every namespace registered so far are here in the page's language. */
export async function textsReady(): Promise<void> {
  while (loading.size) await Promise.all([...loading]);
}

/** The server renders either language at any moment: every registered namespace's texts in both. */
export async function loadEveryLanguage(): Promise<void> {
  await textsReady();
  await i18n.loadLanguages([...LANGS]);
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
