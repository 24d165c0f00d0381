import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cartTotals } from '@haat/shared/pricing';
import type { CartLineView } from '@haat/shared/schemas/cart';
import type { ChosenOption } from '@haat/shared/schemas/variants';
import { queryKeys } from '@/lib/queryKeys';
import { authRequest, isSignedIn } from '@/lib/session';
import { addToGuestCart, capOf, lineKey, readGuestCart, setGuestQuantity, type CartProduct, type GuestCartLine } from './guestCart';
import { currentUserQuery, useCurrentUser } from './user';
import { messagesReady } from '@/i18n/messages';

/**
 * The cart every feature uses (spec §3, §4). A guest's cart lives in
 * localStorage `guestCart` (./guestCart.ts); a signed-in shopper's is on the server, and when that comes back empty the
 * guest cart is shown instead. On login the guest lines are merged into the
 * server cart before `guestCart` is reset (`mergeGuestCart`, one named step of
 * `completeLogin` in ./login.ts).
 */

/** One line as the screens show it, whichever cart it came from. */
export interface CartLine {
  /** The server cart line's id, or the guest line's lineKey (product and variant). */
  id: string;
  productId: string;
  /** The chosen variant (issue 21); '' for a product without options. */
  variantId: string;
  /** The variant's chosen options, "Size: L, Colour: Red"; [] for none. */
  options: ChosenOption[];
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
  id: lineKey(l._id, l.variant_id),
  productId: l._id,
  variantId: l.variant_id ?? '',
  options: l.chosen ?? [],
  name: l.name,
  name_bn: l.name_bn,
  image: l.image ?? [],
  unit: l.unit ?? '',
  price: l.price,
  discount: l.discount ?? 0,
  quantity: l.quantity,
  max: capOf(l.stock, l.maxQuantity),
});

// A server older than variants answers neither variant_id nor options: read as a product without options.
const fromServer = (l: CartLineView): CartLine => ({
  id: l._id,
  productId: l.product_id._id,
  variantId: l.variant_id ?? '',
  options: l.options ?? [],
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

/** The body of cart/add-to-cart: variant_id only for a chosen variant (a product without options leaves it out). */
const addBody = (productId: string, variantId: string | undefined, quantity: number) => ({ product_id: productId, ...(variantId ? { variant_id: variantId } : {}), quantity });

/** An order's list_items line (also the quote's and the incomplete checkout's): variant_id only for a chosen variant. */
export const orderItem = (l: { productId: string; variantId?: string; quantity: number }) => ({ product_id: l.productId, quantity: l.quantity, ...(l.variantId ? { variant_id: l.variantId } : {}) });
/** The lineKey naming a line in the guest cart. */
export const keyOfLine = (l: Pick<CartLine, 'productId' | 'variantId'>) => lineKey(l.productId, l.variantId);

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
      // Pressed while the signed-in shopper's details are still loading: wait for them, so the line
      // goes to their server cart, not to this device's guest cart.
      const owner = user ?? (isSignedIn() ? await queryClient.fetchQuery(currentUserQuery).catch(() => null) : null);
      if (!owner) {
        addToGuestCart(product, quantity);
        // The toast's text in Bangla the first time too (decision 0089).
        await messagesReady();
        return { message: 'Add To Cart Successfully.' };
      }
      const res = await authRequest('cart/add-to-cart', { method: 'POST', body: addBody(product._id, product.variant_id, quantity) });
      return { message: res.message };
    },
    onSettled: refresh,
  });

  const setQuantity = useMutation({
    mutationFn: async ({ line, quantity }: { line: CartLine; quantity: number }) => {
      if (state.source === 'guest') return setGuestQuantity(line.id, quantity);
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
      await authRequest('cart/add-to-cart', { method: 'POST', body: addBody(line._id, line.variant_id, line.quantity) });
    } catch (err) {
      // A line over the cap or no longer sold is skipped; the others still move.
      console.error('could not merge a guest cart line', err);
    }
  }
}
