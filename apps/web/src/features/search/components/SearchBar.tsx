import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FaArrowLeft } from 'react-icons/fa6';
import { IoSearch } from 'react-icons/io5';
import { PLACEHOLDER_SPEED, PLACEHOLDER_STEP_MS } from '@haat/shared/constants';
import { paths } from '@haat/shared/paths';
import { useT, type TextsOf, type TFn } from '@/i18n';
import { PLACEHOLDER_KEYS, SEARCH_NS } from '../locales';
import { useHydrated } from '@/lib/hydrated';
import { TypingPlaceholder } from './TypingPlaceholder';

/** Each category name, shown for 1000 ms, typed at speed 50, forever (spec §2, §9), in the page's language. */
const placeholdersOf = (t: TFn<TextsOf<typeof SEARCH_NS>>) => PLACEHOLDER_KEYS.map((key) => t('placeholderOf', { name: t(`placeholderNames.${key}`) }));
/** A shopper who asked the system for less motion gets the first placeholder, still (WCAG 2.3.3). */
const prefersReducedMotion = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The header's search bar (spec §2, §4): on the search page an auto-focused
 * input, in a GET form to /search-page, whose text goes to ?search= in lower case; elsewhere an animated
 * placeholder that opens the search page.
 */
export function SearchBar() {
  const { pathname } = useLocation();
  return pathname.includes('search-page') ? <SearchInput /> : <SearchLauncher />;
}

const box = 'flex h-11 min-w-0 flex-1 items-center gap-2 rounded-lg border border-slate-300 bg-slate-50 px-3 text-slate-500';

function SearchLauncher() {
  const t = useT(SEARCH_NS);
  const placeholders = placeholdersOf(t);
  // The first placeholder, still, until the page is live (the server's markup, issue 25): then the animation.
  const hydrated = useHydrated();
  return (
    <Link to={paths.search()} className={`${box} hover:border-brand-500`}>
      <IoSearch aria-hidden className="shrink-0 text-lg" />
      {/* The link's name. The typed placeholder changes every second, so it is
          hidden from assistive technology rather than named by aria-label
          (which would not match the visible text: WCAG 2.5.3). */}
      <span className="sr-only">{t('searchProducts')}</span>
      <span aria-hidden className="truncate text-sm md:text-base">
        {!hydrated || prefersReducedMotion() ? (
          <span>{placeholders[0]}</span>
        ) : (
          <TypingPlaceholder texts={placeholders} pauseMs={PLACEHOLDER_STEP_MS} speed={PLACEHOLDER_SPEED} />
        )}
      </span>
    </Link>
  );
}

function SearchInput() {
  const t = useT(SEARCH_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The field keeps what was typed; the URL carries it lower-cased.
  const [text, setText] = useState(() => params.get('search') ?? '');
  const go = (value: string) => navigate(paths.search(value.toLowerCase()), { replace: true });
  return (
    // A real GET form (issue 42): before the scripts run, Enter loads /search-page?search=<text>, which the
    // server renders; once live, the text goes to the URL as it is typed and Enter stays on the page.
    <form
      role="search"
      aria-label={t('searchProducts')}
      method="get"
      action={paths.search()}
      onSubmit={(e) => {
        e.preventDefault();
        go(text);
      }}
      className={`${box} bg-white focus-within:border-brand-500`}
    >
      {/* Below 768 px a back arrow to / replaces the search icon. */}
      <Link to={paths.home()} aria-label={t('backHome')} className="shrink-0 text-lg text-slate-700 md:hidden">
        <FaArrowLeft />
      </Link>
      <IoSearch aria-hidden className="hidden shrink-0 text-lg md:block" />
      <input
        autoFocus
        type="search"
        enterKeyHint="search"
        value={text}
        name="search"
        onChange={(e) => {
          setText(e.target.value);
          go(e.target.value);
        }}
        placeholder={t('searchFor')}
        aria-label={t('searchForLabel')}
        className="h-full w-full min-w-0 bg-transparent text-slate-800 outline-none placeholder:text-slate-400"
      />
    </form>
  );
}
