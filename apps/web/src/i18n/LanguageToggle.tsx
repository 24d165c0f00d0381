import { useLocation } from 'react-router';
import { isTrackingParam } from '@haat/shared/tracking-params';
import { COMMON_NS } from './common.locales';
import { changeLanguage, useLang, useT } from './index';

/**
 * বাংলা / English: the button is named after the language it switches to, and the choice is remembered.
 * It is a form's button, so on the server's markup, before the scripts take the page over, a tap still
 * switches: the browser asks for the same page with ?lang=, and the server keeps the choice and answers
 * the page in that language. Once the page is live, the switch happens in place, with no reload.
 */
export function LanguageToggle() {
  const t = useT(COMMON_NS);
  const { pathname, search } = useLocation();
  const next = useLang() === 'bn' ? 'en' : 'bn';
  // A form's GET replaces the query: the page's own parameters (a search's words) go along; an ad's
  // tracking ones do not (the server renders the page without them, decision 0090).
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== 'lang' && !isTrackingParam(name));
  return (
    <form method="get" action={pathname} className="shrink-0">
      {kept.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        name="lang"
        value={next}
        onClick={(e) => {
          e.preventDefault();
          void changeLanguage(next);
        }}
        title={t('language.switchHint')}
        lang={next}
        className="rounded-md border border-slate-300 px-2 py-1 text-sm font-medium text-slate-700 hover:border-brand-600 hover:text-brand-600"
      >
        {t('language.switchTo')}
      </button>
    </form>
  );
}
