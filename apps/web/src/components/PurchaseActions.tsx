import { useNavigate } from 'react-router';
import { discountedPrice } from '@haat/shared/pricing';
import { trackAd } from '@/lib/adEvents';
import { paths } from '@haat/shared/paths';
import { toast } from '@/lib/toast';
import type { DeliverySettings } from '@haat/shared/pricing';
import { errorMessage } from '@/lib/api';
import { useCart } from '@/state/cart';
import type { CartProduct } from '@/state/guestCart';
import { useDeliverySettings } from '@/state/delivery';
import type { MouseEvent } from 'react';
import { Button } from './Button';
import { useT } from '@/i18n';
import { COMPONENTS_NS } from './locales';
import { translateMessage } from '@/i18n/messages';

/**
 * 'Add To Cart' and 'Buy Now' on the product page (spec §2, §4). The
 * catalogue's product page places them; Buy Now carries the product, the
 * quantity and the delivery settings to /checkout as navigation state.
 */
export type PurchaseProduct = CartProduct & { stock: number; quantity: number };

/** Navigation state /checkout reads. */
export interface CheckoutState {
  product?: CartProduct;
  quantity?: number;
  deliverySettings?: DeliverySettings;
}

/**
 * A product with options whose choice is not complete (issue 21): the names of
 * the options still to choose, in the shopper's language; both buttons say
 * "Choose Size" and, pressed, call `onChoose` (the page shows the picker) instead of buying.
 */
export interface MissingChoice {
  names: string[];
  onChoose: () => void;
}

export function PurchaseActions({ product, quantity, missing }: { product: PurchaseProduct; quantity: number; missing?: MissingChoice }) {
  const t = useT(COMPONENTS_NS);
  const navigate = useNavigate();
  const { add } = useCart();
  const { data: deliverySettings } = useDeliverySettings();
  const soldOut = product.stock <= 0;

  const choose = missing && missing.names.length > 0 ? t('chooseOption', { options: missing.names.join(', ') }) : '';

  // Live, the click is taken here and the form is not sent.
  const addToCart = (e: MouseEvent) => {
    e.preventDefault();
    if (choose) return missing!.onChoose();
    add.mutate(
      { product, quantity },
      {
        onSuccess: (res) => {
          toast.success(translateMessage(res.message));
          trackAd('add_to_cart', [{ id: product.variant_id || product._id, name: product.name, price: discountedPrice(product.price, product.discount), quantity }]);
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };

  const buyNow = (e: MouseEvent) => {
    e.preventDefault();
    if (choose) return missing!.onChoose();
    // Not loaded yet: checkout fetches them itself.
    const state: CheckoutState = { product, quantity, deliverySettings };
    navigate(paths.checkout(), { state });
  };

  // A real form (issue 39, decision 0088): tapped before the scripts have run, it is sent as
  // GET /cart (Add To Cart) or /checkout (Buy Now), and that page adds the line once its scripts run.
  // The variant goes only when the page knows it; without it, the cart says to choose on the product's page.
  return (
    <form method="get" action={paths.cart()} className="flex gap-3">
      <input type="hidden" name="add" value={product._id} />
      {product.variant_id && <input type="hidden" name="variant" value={product.variant_id} />}
      <input type="hidden" name="qty" value={quantity} />
      <Button type="submit" onClick={addToCart} disabled={soldOut} loading={add.isPending} className="px-5">
        <ActionText action={t('addToCart')} choose={choose} />
      </Button>
      <button
        type="submit"
        formAction={paths.checkout()}
        onClick={buyNow}
        disabled={soldOut}
        className="rounded-lg bg-accent-400 px-5 py-2.5 font-semibold text-slate-900 hover:brightness-95 disabled:opacity-60"
      >
        <ActionText action={t('buyNow')} choose={choose} />
      </button>
    </form>
  );
}

/** The button's own words, or "Choose Size" (a screen reader hears "Add To Cart: Choose Size": the two buttons stay apart). */
function ActionText({ action, choose }: { action: string; choose: string }) {
  if (!choose) return <>{action}</>;
  return (
    <>
      <span className="sr-only">{action}: </span>
      {choose}
    </>
  );
}
