import { registerLocales } from '@/i18n';

/** Texts of the shared components (namespace 'components'). */
// Each language in its own chunk, loaded only in that language (decision 0082).
export const COMPONENTS_NS = registerLocales('components', { en: () => import('./locales.en'), bn: () => import('./locales.bn') });
