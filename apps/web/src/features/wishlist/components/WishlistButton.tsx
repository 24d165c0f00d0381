import { useT } from '@/i18n';
import { useWishlist, type WishlistItem } from '@/state/wishlist';
import { WISHLIST_NS } from '../locales';

/** "Save to wishlist" on the product page (issue 45): the shown variant, kept in the browser or on the account. */
export default function WishlistButton({ item }: { item: WishlistItem }) {
  const t = useT(WISHLIST_NS);
  const { items, add, remove } = useWishlist();
  const saved = items.some((i) => i.variant_id === item.variant_id);
  return (
    <button
      type="button"
      aria-pressed={saved}
      onClick={() => (saved ? remove.mutate(item.variant_id) : add.mutate(item))}
      className="justify-self-start rounded-lg border border-brand-600 px-3 py-2 text-sm font-medium text-brand-700 aria-pressed:bg-brand-50"
    >
      {saved ? `♥ ${t('saved')}` : `♡ ${t('save')}`}
    </button>
  );
}
