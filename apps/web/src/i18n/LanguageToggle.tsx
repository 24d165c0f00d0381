import { useTranslation } from 'react-i18next';
import { COMMON_NS } from './common.locales';
import { currentLang } from './index';

/** বাংলা / English: the button is named after the language it switches to, and the choice is remembered. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation(COMMON_NS);
  const next = currentLang() === 'bn' ? 'en' : 'bn';
  return (
    <button
      type="button"
      onClick={() => void i18n.changeLanguage(next)}
      title={t('language.switchHint')}
      lang={next}
      className="shrink-0 rounded-md border border-slate-300 px-2 py-1 text-sm font-medium text-slate-700 hover:border-brand-600 hover:text-brand-600"
    >
      {t('language.switchTo')}
    </button>
  );
}
