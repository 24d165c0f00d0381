import { Link, useLocation } from 'react-router';
import { BsCart4 } from 'react-icons/bs';
import { FaCaretRight } from 'react-icons/fa6';
import { formatTaka } from '@haat/shared/money';
import { paths } from '@haat/shared/paths';
import { formatCount } from '@/i18n/format';
import { useCart } from '@/state/cart';
import { useT } from '@/i18n';
import { CART_NS } from '../locales';

/** Sticky bottom bar on phones: count, total in taka, 'View Cart'. Hidden on /checkout and when empty. */
export function MobileCartBar() {
  const t = useT(CART_NS);
  const { pathname } = useLocation();
  const { lines, totals } = useCart();
  if (lines.length === 0 || pathname.startsWith(paths.checkout())) return null;
  return (
    // A landmark of its own: outside <main>, it would otherwise be content no landmark holds (issue 19).
    <aside aria-label={t('cart')} className="fixed inset-x-2 bottom-2 z-30 md:hidden" data-testid="mobile-cart-bar">
      <div className="flex items-center justify-between rounded-lg bg-brand-700 px-3 py-2 text-white shadow-lg">
        <div className="flex items-center gap-2">
          <span className="rounded bg-brand-500 p-2 text-xl">
            <BsCart4 aria-hidden />
          </span>
          <div className="text-sm leading-tight">
            <p>{t('items', { count: totals.totalQuantity, n: formatCount(totals.totalQuantity) })}</p>
            <p className="font-semibold">{formatTaka(totals.itemsTotal)}</p>
          </div>
        </div>
        <Link to={paths.cart()} className="flex items-center gap-1 font-semibold">
          {t('viewCart')} <FaCaretRight aria-hidden />
        </Link>
      </div>
    </aside>
  );
}
