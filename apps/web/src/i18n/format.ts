import { useTranslation } from 'react-i18next';
import { formatDate } from '@haat/shared/numerals';

/** Dates follow the language (issue 14); the hook re-renders when it changes. */
export function useFormatDate(): (date: Date | string) => string {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'bn' ? 'bn' : 'en';
  return (date) => formatDate(date, lang);
}
