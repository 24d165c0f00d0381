import { registerLocales } from '@/i18n';
import type en from './locales.en';

/** The search bar and the search page (namespace 'search'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const SEARCH_NS = registerLocales('search', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });

/** The placeholder's categories, in the spec's order. */
export const PLACEHOLDER_KEYS = ['fashion', 'baby', 'beauty', 'electronics', 'home', 'seasonal', 'diy'] as const satisfies readonly (keyof (typeof en)['placeholderNames'])[];
