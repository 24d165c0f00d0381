import { resetGuestData, tokens } from '@/lib/session';
import { mergeGuestCart } from './cart';
import { mergeGuestWishlist } from './wishlist';

/**
 * The login transition (spec §4), step by step: store the tokens, move the
 * guest cart's lines into the server cart (with the new token), then reset
 * the guest data. A failed merge is logged and the login goes on.
 */
export async function completeLogin(access: string, refresh: string): Promise<void> {
  tokens.set(access, refresh);
  try {
    await mergeGuestCart();
  } catch (err) {
    console.error('the guest cart merge failed', err);
  }
  // The browser's wishlist joins the account's (issue 45).
  await mergeGuestWishlist().catch((err: unknown) => console.error('the guest wishlist merge failed', err));
  resetGuestData();
}
