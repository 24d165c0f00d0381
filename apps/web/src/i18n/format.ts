import { useTranslation } from 'react-i18next';
import { formatDate } from '@haat/shared/numerals';
import { currentLang } from './index';

/** Dates follow the language (issue 14); the hook re-renders when it changes. */
export function useFormatDate(): (date: Date | string) => string {
  useTranslation(); // re-renders on a language change
  const lang = currentLang();
  return (date) => formatDate(date, lang);
}
