import { Link } from 'react-router';
import { BsCart4 } from 'react-icons/bs';
import { formatTaka } from '@haat/shared/money';
import { paths } from '@haat/shared/paths';
import { formatCount } from '@/i18n/format';
import { useCart } from '@/state/cart';
import { useT } from '@/i18n';
import { CART_NS } from '../locales';

/** Header cart button: item count and total, or 'My Cart' when empty (spec §2 Layout). */
export function CartButton() {
  const t = useT(CART_NS);
  const { lines, totals } = useCart();
  return (
    <Link
      to={paths.cart()}
      className="hidden items-center gap-2 rounded-lg bg-brand-600 px-3 py-2 font-semibold text-white hover:bg-brand-700 md:flex"
    >
      <BsCart4 aria-hidden className="text-2xl" />
      {lines.length > 0 ? (
        <span className="flex flex-col text-sm leading-tight" data-testid="cart-button-summary">
          <span>{t('items', { count: totals.totalQuantity, n: formatCount(totals.totalQuantity) })}</span>
          <span>{formatTaka(totals.itemsTotal)}</span>
        </span>
      ) : (
        <span>{t('myCart')}</span>
      )}
    </Link>
  );
}
