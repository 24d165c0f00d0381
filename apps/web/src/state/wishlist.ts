import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WishlistView } from '@haat/shared/schemas/stock-alerts';
import { readJson, writeJson } from '@/lib/storage';
import { queryKeys } from '@/lib/queryKeys';
import { authRequest, isSignedIn } from '@/lib/session';
import { useCurrentUser } from './user';

/**
 * The wishlist (issue 45): a guest's in this browser (localStorage guestWishlist), a signed-in shopper's on the
 * server (GET/POST/DELETE /api/wishlist), the browser's joined to the account at sign-in (`mergeGuestWishlist`, in
 * the login transition). A sold-out item on an account's wishlist is texted when it is back (decision 0116).
 */
export const GUEST_WISHLIST_KEY = 'guestWishlist';

export type WishlistItem = WishlistView;

const readGuest = (): WishlistItem[] => readJson<WishlistItem[]>(GUEST_WISHLIST_KEY, []);

export function useWishlist() {
  const queryClient = useQueryClient();
  const { data: user, isLoading } = useCurrentUser();
  const owner = user ? user._id : 'guest';
  const list = useQuery({
    queryKey: queryKeys.wishlist.of(owner),
    queryFn: async () => (user ? (await authRequest<WishlistItem[]>('wishlist')).data : readGuest()),
    enabled: !isLoading,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.wishlist.all });
  const add = useMutation({
    mutationFn: async (item: WishlistItem) => {
      if (user) return void (await authRequest('wishlist', { method: 'POST', body: { product_id: item.product_id, ...(item.variant_id !== item.product_id ? { variant_id: item.variant_id } : {}) } }));
      writeJson(GUEST_WISHLIST_KEY, [...readGuest().filter((i) => i.variant_id !== item.variant_id), item]);
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: async (variantId: string) => {
      if (user) return void (await authRequest(`wishlist/${encodeURIComponent(variantId)}`, { method: 'DELETE' }));
      writeJson(GUEST_WISHLIST_KEY, readGuest().filter((i) => i.variant_id !== variantId));
    },
    onSettled: refresh,
  });
  return { items: list.data ?? [], isLoading: list.isLoading, add, remove };
}

/** At sign-in: the browser's wishlist joins the account's, then the browser's is emptied. */
export async function mergeGuestWishlist(): Promise<void> {
  const items = readGuest();
  if (items.length === 0 || !isSignedIn()) return;
  await authRequest('wishlist/merge', { method: 'POST', body: { items: items.map((i) => ({ product_id: i.product_id, ...(i.variant_id !== i.product_id ? { variant_id: i.variant_id } : {}) })) } });
  writeJson(GUEST_WISHLIST_KEY, []);
}
