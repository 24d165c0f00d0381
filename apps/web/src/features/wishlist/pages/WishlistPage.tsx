import { Link } from 'react-router';
import { formatTaka } from '@haat/shared/money';
import { paths } from '@haat/shared/paths';
import { discountedPrice } from '@haat/shared/pricing';
import { chosenLabel } from '@haat/shared/variant-words';
import { currentLang, useT } from '@/i18n';
import { usePageTitle } from '@/i18n/pageTitle';
import { useCurrentUser } from '@/state/user';
import { useWishlist } from '@/state/wishlist';
import { WISHLIST_NS } from '../locales';

/** /wishlist (issue 45): the saved items, a sold-out one saying it will be texted when back (signed in with a mobile). */
export function WishlistPage() {
  const t = useT(WISHLIST_NS);
  usePageTitle(t('title'));
  const lang = currentLang();
  const account = useCurrentUser().data;
  const { items, isLoading, remove } = useWishlist();
  return (
    <section className="mx-auto my-6 grid max-w-lg gap-4 p-4">
      <h1 className="text-xl font-semibold text-slate-800">{t('title')}</h1>
      {!isLoading && items.length === 0 && <p className="text-slate-600">{t('empty')}</p>}
      <ul className="grid gap-3">
        {items.map((item) => {
          const name = (lang === 'bn' && item.name_bn) || item.name;
          const label = chosenLabel(item.options, lang);
          const to = `${paths.product({ _id: item.product_id, name: item.name })}${item.variant_id !== item.product_id ? `?variant=${encodeURIComponent(item.variant_id)}` : ''}`;
          return (
            <li key={item.variant_id} className="grid gap-1 rounded-lg border border-slate-200 bg-white p-3">
              <Link to={to} className="font-medium text-brand-700 underline">
                {name}
                {label && ` (${label})`}
              </Link>
              <span>{formatTaka(discountedPrice(item.price, item.discount))}</span>
              {item.stock <= 0 && <p className="text-sm text-red-700">{account?.mobile ? t('soldOut') : t('soldOutGuest')}</p>}
              <button type="button" className="justify-self-start text-sm text-slate-600 underline" onClick={() => remove.mutate(item.variant_id)}>
                {t('remove', { name })}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
