import { useMemo, useSyncExternalStore } from 'react';
import { LANG_COOKIE, langCookie, langFromCookies } from '@haat/shared/language-cookie';

/**
 * Bangla and English (issue 14), by a translation function of our own (decision 0089; i18next and
 * react-i18next before it). Each feature owns its texts in a `locales.ts` beside it and registers them
 * when its module loads, so a lazy route's texts arrive with the route (the admin's never reach a
 * shopper's phone). English is the spec's exact wording; `bn` must hold the same keys (typed by
 * `Locale<typeof en>`, and checked by i18n.test.ts).
 *
 * A storefront feature's texts are one module per language (`locales.en.ts`, `locales.bn.ts`) that
 * registerLocales loads on demand, only in the page's language (decision 0082): an English shopper
 * never downloads the Bangla, nor a Bangla shopper the English. A page renders once its texts are here
 * (`textsReady`, awaited by main.tsx and by each lazy route); switching language loads the other
 * language's texts first, then switches, with no reload of the page's data. The admin's namespaces
 * register both languages at once.
 *
 * In a component: `const t = useT(CATALOGUE_NS)` (or `useT(CATALOGUE_NS, 'product')` for the texts under
 * one key), then `t('product.addToCart')`, `t('items', { count, n })`: tsc knows every namespace's keys
 * from its English texts, so a misspelt key does not compile. `{{name}}` is filled from the values; a
 * `count` picks `key_one` / `key_other` by the language's plural rules (Intl.PluralRules), else `key`.
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
 * The choice this device remembered as the page loaded. The page writes the language it starts in
 * back (below); on a server-rendered page that is the page's language, so main.tsx reads the
 * remembered one from here to switch to it after taking the page over.
 */
export const rememberedAtLoad: Lang | undefined = typeof window === 'undefined' ? undefined : chosenLang();

/**
 * The languages a page may open in, best first: the one the server rendered it in (it read the cookie,
 * then Accept-Language), the remembered choice, the browser's languages that are ours.
 */
export function detectLanguages(): Lang[] {
  if (typeof window === 'undefined') return ['en'];
  // The server-rendered page's language is <html lang> while its data block (app/serverPage.ts) is still there.
  const rendered = document.getElementById('haat-ssr') ? langOf(document.documentElement.lang) : undefined;
  return [rendered, chosenLang(), ...navigator.languages.map(langOf)].filter((l): l is Lang => l !== undefined);
}

/** Remembers the language on this device: storage for the page, the cookie for the server. */
function remember(lang: Lang) {
  if (typeof document === 'undefined') return;
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Storage disabled: the cookie still tells the server.
  }
  document.cookie = langCookie(lang);
}

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

declare const textsBrand: unique symbol;
/** A namespace's name as registerLocales answers it: the string, typed with its English texts, so `useT(NS)` knows its keys. */
export type Namespace<T extends object = object> = string & { readonly [textsBrand]: T };
/** The English texts' type of a namespace. */
export type TextsOf<N> = N extends Namespace<infer T> ? T : never;

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** Every key of T that holds a text, dotted ('product.addToCart'); a plural's own key too ('items' for items_one / items_other). */
export type TextKey<T> = {
  [K in keyof T & string]: T[K] extends string ? K | (K extends `${infer Base}_${PluralForm}` ? Base : never) : T[K] extends object ? `${K}.${TextKey<T[K]>}` : never;
}[keyof T & string];
/** Every key of T that holds a group of texts: what `useT(ns, prefix)` may start from. */
export type GroupKey<T> = {
  [K in keyof T & string]: T[K] extends string ? never : T[K] extends object ? K | `${K}.${GroupKey<T[K]>}` : never;
}[keyof T & string];
/** The group of texts at a dotted key. */
type At<T, P extends string> = P extends `${infer Head}.${infer Rest}` ? (Head extends keyof T ? At<T[Head], Rest> : never) : P extends keyof T ? T[P] : never;

/** What fills a text's `{{slots}}`; `count` also chooses a plural. */
export type TextValues = Record<string, string | number | undefined>;
/** A namespace's (or one of its groups') translation function, in one language. */
export type TFn<T> = (key: TextKey<T>, values?: TextValues) => string;

type Tree = { [key: string]: string | Tree };

/** Every bundle registered so far, by namespace (the missing-translation test reads it). */
export const registeredBundles = new Map<string, LocaleBundle | LazyLocale>();
/** The texts held, by language and namespace. */
const held: Record<Lang, Map<string, Tree>> = { en: new Map(), bn: new Map() };
/** Loads in flight, by language and namespace: textsReady() waits for them, and a second ask joins the first. */
const loading = new Map<string, Promise<void>>();

const isLazy = (bundle: LocaleBundle | LazyLocale): bundle is LazyLocale => typeof bundle.en === 'function';

/** A namespace's texts in a language, loaded once (a failed download, offline or a new deploy, is tried again twice). */
function load(lang: Lang, ns: string): Promise<void> {
  const bundle = registeredBundles.get(ns);
  if (held[lang].has(ns) || !bundle || !isLazy(bundle)) return Promise.resolve();
  const key = `${lang}:${ns}`;
  let pending = loading.get(key);
  if (!pending) {
    const attempt = async (triesLeft: number): Promise<void> => {
      try {
        held[lang].set(ns, (await bundle[lang]()).default as Tree);
      } catch (err) {
        if (triesLeft <= 0) throw err;
        await new Promise((resolve) => setTimeout(resolve, 350));
        return attempt(triesLeft - 1);
      }
    };
    pending = attempt(2).finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** Every registered namespace's texts in `lang`, including those registered while these load. */
async function loadLanguage(lang: Lang): Promise<void> {
  for (;;) {
    const missing = [...registeredBundles.keys()].filter((ns) => !held[lang].has(ns));
    const lazy = missing.filter((ns) => isLazy(registeredBundles.get(ns)!));
    if (lazy.length === 0) return;
    await Promise.all(lazy.map((ns) => load(lang, ns)));
  }
}

let lang: Lang = detectLanguages()[0] ?? 'en';
const listeners = new Set<() => void>();

function apply(next: Lang) {
  lang = next;
  remember(next);
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  for (const listener of listeners) listener();
}
// The language the page starts in is remembered (the server's next answer is in it too), as i18next did.
apply(lang);

/** Reports each change of language to `listener`; answers the unsubscribe. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Switches the interface to `next` (without one: the detected language) once every registered
 * namespace's texts are here in it, remembers the choice, and re-renders every text. When they are all
 * here already (the server, which holds both), the switch happens before this returns.
 */
export async function changeLanguage(next?: Lang): Promise<void> {
  const target = next ?? detectLanguages()[0] ?? 'en';
  const missing = [...registeredBundles.keys()].some((ns) => !held[target].has(ns));
  if (missing) await loadLanguage(target);
  apply(target);
}

/** The server's switch, right before a synchronous render: it holds every text in both languages (loadEveryLanguage). */
export function renderIn(next: Lang): void {
  if (next !== lang) apply(next);
}

/**
 * Adds a feature's texts under its namespace; call at the top level of its locales.ts. Either both
 * languages at once (the admin's), or a loader per language (a storefront feature's, decision 0082):
 * the page's language is loaded now, the other when the shopper switches.
 */
export function registerLocales<const N extends string, T extends object>(ns: N, bundle: LazyLocale<T>): N & Namespace<T>;
export function registerLocales<const N extends string, T extends object>(ns: N, bundle: LocaleBundle<T>): N & Namespace<T>;
export function registerLocales<const N extends string, T extends object>(ns: N, bundle: LocaleBundle<T> | LazyLocale<T>): N & Namespace<T> {
  if (!registeredBundles.has(ns)) {
    registeredBundles.set(ns, bundle as LocaleBundle | LazyLocale);
    if (isLazy(bundle as LocaleBundle | LazyLocale)) void load(lang, ns).catch(() => {});
    else {
      const { en, bn } = bundle as LocaleBundle<T>;
      held.en.set(ns, en as Tree);
      held.bn.set(ns, bn as Tree);
    }
  }
  // The texts' type rides on the name (tsc only): useT(ns) knows the keys.
  return ns as N & Namespace<T>;
}

/** Resolves once the texts of every namespace registered so far are here in the page's language. */
export async function textsReady(): Promise<void> {
  while (loading.size) await Promise.allSettled([...loading.values()]);
}

/** The server renders either language at any moment: every registered namespace's texts in both. */
export async function loadEveryLanguage(): Promise<void> {
  await Promise.all(LANGS.map(loadLanguage));
}

/** The language in use: 'bn' or 'en'. */
export function currentLang(): Lang {
  return lang;
}

/** Accept-Language for a request whose answer reaches the shopper later in words (the account e-mails). */
export function languageHeader(): { 'accept-language': Lang } {
  return { 'accept-language': currentLang() };
}

/** The tests' hook: told of every key looked up that no text holds (the app shows the key itself). */
let missingText: ((ns: string, key: string) => void) | undefined;
export function onMissingText(handler: typeof missingText): void {
  missingText = handler;
}

function lookup(inLang: Lang, ns: string, key: string): string | undefined {
  let node: string | Tree | undefined = held[inLang].get(ns);
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = Object.hasOwn(node, part) ? node[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<Lang, Intl.PluralRules>();
const pluralOf = (inLang: Lang, count: number) => {
  let rules = pluralRules.get(inLang);
  if (!rules) pluralRules.set(inLang, (rules = new Intl.PluralRules(inLang)));
  return rules.select(count);
};

/** `{{name}}` filled from `values`; a slot without a value stays as written (as i18next left it). */
export const fillSlots = (text: string, values: TextValues | undefined) =>
  values ? text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (slot, name: string) => (Object.hasOwn(values, name) && values[name] !== undefined ? String(values[name]) : slot)) : text;

/** A text of `ns` in `inLang` by its dotted key, its slots filled; the key itself when no text holds it. */
export function translate(inLang: Lang, ns: string, key: string, values?: TextValues): string {
  const count = values?.count;
  const text = (typeof count === 'number' ? lookup(inLang, ns, `${key}_${pluralOf(inLang, count)}`) : undefined) ?? lookup(inLang, ns, key);
  if (text === undefined) {
    missingText?.(ns, key);
    return key;
  }
  return fillSlots(text, values);
}

/** Whether `ns` holds a text at `key` in the language in use: for keys tsc cannot know (a courier's raw status). */
export function hasText(ns: Namespace, key: string): boolean {
  return lookup(lang, ns, key) !== undefined;
}

/** A text by a key with no key separator (the English text itself, in 'messages'), in the language in use; undefined when none. */
export function flatText(ns: string, key: string): string | undefined {
  const texts = held[lang].get(ns);
  const text = texts && Object.hasOwn(texts, key) ? texts[key] : undefined;
  return typeof text === 'string' ? text : undefined;
}

/** The translation function of `ns` (under `prefix`) in the language in use, outside a component. */
export function textsOf<T extends object>(ns: Namespace<T>): TFn<T>;
export function textsOf<T extends object, P extends GroupKey<T>>(ns: Namespace<T>, prefix: P): TFn<At<T, P>>;
export function textsOf(ns: string, prefix?: string): (key: string, values?: TextValues) => string {
  return tIn(lang, ns, prefix);
}

function tIn(inLang: Lang, ns: string, prefix: string | undefined) {
  return (key: string, values?: TextValues) => translate(inLang, ns, prefix ? `${prefix}.${key}` : key, values);
}

/** The language in use; the component re-renders when it changes. */
export function useLang(): Lang {
  // The server renders one language at a time (entry-server.tsx sets it right before rendering), and the
  // browser hydrates in the language the server rendered: the same snapshot on both sides.
  return useSyncExternalStore(onLanguageChange, currentLang, currentLang);
}

/**
 * The texts of `ns` (under `prefix`: `useT(CHECKOUT_NS, 'payment')` then `t('title')` for 'payment.title'),
 * in the language in use: a new function when the language changes, and the component re-renders.
 */
export function useT<T extends object>(ns: Namespace<T>): TFn<T>;
export function useT<T extends object, P extends GroupKey<T>>(ns: Namespace<T>, prefix: P): TFn<At<T, P>>;
export function useT(ns: string, prefix?: string): (key: string, values?: TextValues) => string {
  const inLang = useLang();
  return useMemo(() => tIn(inLang, ns, prefix), [inLang, ns, prefix]);
}
