import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FaArrowLeft } from 'react-icons/fa6';
import { IoSearch } from 'react-icons/io5';
import { PLACEHOLDER_CATEGORIES, PLACEHOLDER_SPEED, PLACEHOLDER_STEP_MS } from '@haat/shared/constants';

/** Each category name, shown for 1000 ms, typed at speed 50, forever (spec §2, §9). */
const SEQUENCE = PLACEHOLDER_CATEGORIES.flatMap((name) => [`Search "${name}"`, PLACEHOLDER_STEP_MS]);
/** Loaded after the first paint: the animation is not needed to show the page (issue 9, first-load JS). */
const TypeAnimation = lazy(async () => ({ default: (await import('react-type-animation')).TypeAnimation }));

/**
 * The header's search bar (spec §2, §4): on the search page an auto-focused
 * input whose text goes to ?search= in lower case; elsewhere an animated
 * placeholder that opens the search page.
 */
export function SearchBar() {
  const { pathname } = useLocation();
  return pathname.includes('search-page') ? <SearchInput /> : <SearchLauncher />;
}

const box = 'flex h-11 min-w-0 flex-1 items-center gap-2 rounded-lg border border-slate-300 bg-slate-50 px-3 text-slate-500';

function SearchLauncher() {
  return (
    <Link to="/search-page" className={`${box} hover:border-brand-500`}>
      <IoSearch aria-hidden className="shrink-0 text-lg" />
      {/* The link's name. The typed placeholder changes every second, so it is
          hidden from assistive technology rather than named by aria-label
          (which would not match the visible text: WCAG 2.5.3). */}
      <span className="sr-only">Search products</span>
      <span aria-hidden className="truncate text-sm md:text-base">
        <Suspense fallback={<span>{SEQUENCE[0]}</span>}>
          <TypeAnimation sequence={SEQUENCE} wrapper="span" speed={PLACEHOLDER_SPEED} repeat={Infinity} />
        </Suspense>
      </span>
    </Link>
  );
}

function SearchInput() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The field keeps what was typed; the URL carries it lower-cased.
  const [text, setText] = useState(() => params.get('search') ?? '');
  return (
    <div className={`${box} bg-white focus-within:border-brand-500`}>
      {/* Below 768 px a back arrow to / replaces the search icon. */}
      <Link to="/" aria-label="Back to home" className="shrink-0 text-lg text-slate-700 md:hidden">
        <FaArrowLeft />
      </Link>
      <IoSearch aria-hidden className="hidden shrink-0 text-lg md:block" />
      <input
        autoFocus
        type="search"
        enterKeyHint="search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          navigate(`/search-page?search=${encodeURIComponent(e.target.value.toLowerCase())}`, { replace: true });
        }}
        placeholder="Search for products..."
        aria-label="Search for products"
        className="h-full w-full min-w-0 bg-transparent text-slate-800 outline-none placeholder:text-slate-400"
      />
    </div>
  );
}
