import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cartTotals } from '@haat/shared/pricing';
import type { CartLineView } from '@haat/shared/schemas/cart';
import { queryKeys } from '@/lib/queryKeys';
import { authRequest, isSignedIn } from '@/lib/session';
import { addToGuestCart, capOf, readGuestCart, setGuestQuantity, type CartProduct, type GuestCartLine } from './guestCart';
import { useCurrentUser } from './user';

/**
 * The cart every feature uses (spec §3, §4). A guest's cart lives in
 * localStorage `guestCart` (./guestCart.ts); a signed-in shopper's is on the server, and when that comes back empty the
 * guest cart is shown instead. On login the guest lines are merged into the
 * server cart before `guestCart` is reset (`mergeGuestCart`, one named step of
 * `completeLogin` in ./login.ts).
 */

/** One line as the screens show it, whichever cart it came from. */
export interface CartLine {
  /** The server cart line's id, or the product id for a guest line. */
  id: string;
  productId: string;
  name: string;
  /** The Bangla name when the product has one (issue 14). */
  name_bn?: string;
  image: string[];
  unit: string;
  price: number;
  discount: number;
  quantity: number;
  /** The most this line may hold, when known. */
  max?: number;
}

export interface CartState {
  lines: CartLine[];
  /** 'server' when the lines are the signed-in shopper's server cart. */
  source: 'server' | 'guest';
}

const fromGuest = (l: GuestCartLine): CartLine => ({
  id: l._id,
  productId: l._id,
  name: l.name,
  name_bn: l.name_bn,
  image: l.image ?? [],
  unit: l.unit ?? '',
  price: l.price,
  discount: l.discount ?? 0,
  quantity: l.quantity,
  max: capOf(l.stock, l.maxQuantity),
});

const fromServer = (l: CartLineView): CartLine => ({
  id: l._id,
  productId: l.product_id._id,
  name: l.product_id.name,
  name_bn: l.product_id.name_bn,
  image: l.product_id.image,
  unit: l.product_id.unit,
  price: l.product_id.price,
  discount: l.product_id.discount,
  quantity: l.quantity,
  max: capOf(l.product_id.stock, l.product_id.quantity),
});

async function fetchServerCart(): Promise<CartLine[]> {
  try {
    return (await authRequest<CartLineView[]>('cart/get-cart-items')).data.map(fromServer);
  } catch (err) {
    // Spec §8: cart fetch errors are only logged.
    console.error(err);
    return [];
  }
}

export const cartQuery = (owner: string) =>
  queryOptions({
    queryKey: queryKeys.cart.of(owner),
    queryFn: async (): Promise<CartState> => {
      if (owner !== 'guest') {
        const lines = await fetchServerCart();
        if (lines.length > 0) return { lines, source: 'server' };
      }
      return { lines: readGuestCart().map(fromGuest), source: 'guest' };
    },
    staleTime: 30_000,
  });

export interface AddResult {
  message: string;
}

/**
 * The cart and its actions. `add` answers the toast text: 'Add To Cart
 * Successfully.' for a guest, the server's message otherwise.
 */
export function useCart() {
  const queryClient = useQueryClient();
  const { data: user, isLoading: userLoading } = useCurrentUser();
  const owner = user ? user._id : 'guest';
  const query = useQuery({ ...cartQuery(owner), enabled: !userLoading });
  const state = query.data ?? { lines: [], source: 'guest' as const };
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });

  const add = useMutation({
    mutationFn: async ({ product, quantity }: { product: CartProduct; quantity: number }): Promise<AddResult> => {
      if (!user) {
        addToGuestCart(product, quantity);
        return { message: 'Add To Cart Successfully.' };
      }
      const res = await authRequest('cart/add-to-cart', { method: 'POST', body: { product_id: product._id, quantity } });
      return { message: res.message };
    },
    onSettled: refresh,
  });

  const setQuantity = useMutation({
    mutationFn: async ({ line, quantity }: { line: CartLine; quantity: number }) => {
      if (state.source === 'guest') return setGuestQuantity(line.productId, quantity);
      await authRequest('cart/update-cart-items', { method: 'POST', body: { id: line.id, quantity } });
    },
    onSettled: refresh,
  });

  return {
    lines: state.lines,
    source: state.source,
    isLoading: query.isLoading || userLoading,
    totals: cartTotals(state.lines),
    add,
    setQuantity,
    refresh,
  };
}

/** On login, before guestCart is reset: move the guest's lines into the server cart. */
export async function mergeGuestCart(): Promise<void> {
  if (!isSignedIn()) return;
  for (const line of readGuestCart()) {
    try {
      await authRequest('cart/add-to-cart', { method: 'POST', body: { product_id: line._id, quantity: line.quantity } });
    } catch (err) {
      // A line over the cap or no longer sold is skipped; the others still move.
      console.error('could not merge a guest cart line', err);
    }
  }
}
