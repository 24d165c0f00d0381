import { Link } from 'react-router';
import { FaRegCircleUser } from 'react-icons/fa6';
import { IoSearch } from 'react-icons/io5';
import { CartButton } from '../../features/cart/components/CartButton';

/**
 * The sticky header composes three features' widgets: the search bar
 * (features/search), the account menu (features/account) and the cart button
 * (features/cart). Until each lands, a plain link stands in its place.
 */
export function Header() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Link to="/" className="shrink-0 text-2xl font-extrabold tracking-tight text-brand-600" aria-label="Haat home">
          Haat
        </Link>
        <Link
          to="/search-page"
          className="flex h-10 min-w-0 flex-1 items-center gap-2 rounded-lg border border-slate-300 bg-slate-50 px-3 text-slate-500"
        >
          <IoSearch aria-hidden className="shrink-0" />
          <span className="truncate">Search for products...</span>
        </Link>
        <Link to="/login" aria-label="Account" className="text-3xl text-slate-600 hover:text-brand-600">
          <FaRegCircleUser />
        </Link>
        <CartButton />
      </div>
    </header>
  );
}
