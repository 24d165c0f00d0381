import { useSyncExternalStore } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PromotionOffer, PromotionQuote, PromotionQuoteInput, PromotionScope } from '@haat/shared/schemas/promotion';
import { request } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { authRequest, isSignedIn } from '@/lib/session';
import { orderItem } from './cart';

/**
 * Promotions as the shop shows them (issue 22). The server alone prices: the
 * automatic offers (GET /promotion/offers) are only shown as badges, and every
 * amount with a promotion in it comes from POST /promotion/quote, asked again
 * whenever the lines, the code, the phone or the delivery fee change.
 */

/** GET /promotion/offers: the automatic offers running now. None when they cannot be had. */
export const offersQuery = queryOptions({
  queryKey: queryKeys.promotions.offers,
  queryFn: async (): Promise<PromotionOffer[]> => {
    try {
      return (await request<PromotionOffer[]>('promotion/offers')).data;
    } catch (err) {
      console.error(err);
      return [];
    }
  },
  staleTime: 60_000,
});

export function useOffers() {
  return useQuery(offersQuery).data ?? [];
}

/** What a product badge needs to know: its id and its categories and sub-categories. */
export interface OfferTarget {
  _id: string;
  category?: readonly { _id: string }[];
  subCategory?: readonly { _id: string }[];
}

/**
 * The offers a product shows as badges: those whose scope holds it (the whole
 * order holds every product). Free delivery is not a product's offer: the cart
 * shows it as progress to its threshold.
 */
export function offersFor(product: OfferTarget, offers: readonly PromotionOffer[]): PromotionOffer[] {
  return offers.filter((o) => o.kind !== 'free_delivery' && holds(o.scope, product));
}

/** Does a scope hold the product? The whole order holds every product. */
function holds(scope: PromotionScope, product: OfferTarget): boolean {
  const ids = new Set(scope.ids);
  switch (scope.kind) {
    case 'order':
      return true;
    case 'products':
      return ids.has(product._id);
    case 'categories':
      return (product.category ?? []).some((c) => ids.has(c._id));
    case 'sub_categories':
      return (product.subCategory ?? []).some((c) => ids.has(c._id));
  }
}

// ---- the voucher code the shopper applied --------------------------------------
// One code for the visit, shared by the cart drawer and checkout; sessionStorage
// keeps it across a reload, and an order placed with it forgets it.

const VOUCHER_KEY = 'voucherCode';
const listeners = new Set<() => void>();

function readVoucher(): string {
  try {
    return sessionStorage.getItem(VOUCHER_KEY) ?? '';
  } catch {
    return '';
  }
}

export function setVoucherCode(code: string): void {
  try {
    if (code) sessionStorage.setItem(VOUCHER_KEY, code);
    else sessionStorage.removeItem(VOUCHER_KEY);
  } catch {
    // Storage disabled: the code is kept for this page only.
  }
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The applied code ('' when none). */
export function useVoucherCode(): string {
  return useSyncExternalStore(subscribe, readVoucher, () => '');
}

// ---- the quote -----------------------------------------------------------------

export interface QuoteInput {
  /** variant_id names a line's variant (issue 21): its price is the variant's, not the product's cheapest. */
  items: { product_id: string; quantity: number; variant_id?: string }[];
  /** The applied voucher code, '' when none. */
  code: string;
  /** The buyer's phone when known (per-customer limits count by it), '' when not. */
  mobile: string;
  /** The delivery fee of the chosen (or default) address. */
  fee: number;
}

export async function fetchQuote(input: QuoteInput): Promise<PromotionQuote> {
  const body: PromotionQuoteInput = {
    list_items: input.items,
    delivery_fee: input.fee,
    ...(input.code ? { code: input.code } : {}),
    ...(input.mobile ? { mobile: input.mobile } : {}),
  };
  const opts = { method: 'POST' as const, body };
  // Signed in, the server also counts the per-customer limit by the account.
  return (isSignedIn() ? await authRequest<PromotionQuote>('promotion/quote', opts) : await request<PromotionQuote>('promotion/quote', opts)).data;
}

/**
 * The server's quote for these lines. While a new quote is on its way the
 * previous one stays on screen; `quote` is undefined until the first answer
 * (or when the server cannot quote), and the screens then show the shared
 * pricing's items total without promotions.
 */
export function useQuote(input: QuoteInput, enabled = true) {
  const query = useQuery({
    queryKey: queryKeys.promotions.quote(input),
    queryFn: () => fetchQuote(input),
    enabled: enabled && input.items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
  // `pending`: the quote on screen is an older one (other lines, or the code before).
  return { quote: query.data, pending: query.isPlaceholderData || (query.isFetching && !query.data) };
}

/** The quote for lines as the cart and checkout hold them, with the applied voucher code. */
export function useLinesQuote(lines: readonly { productId: string; variantId?: string; quantity: number }[], fee: number, mobile = '') {
  const code = useVoucherCode();
  const items = lines.map(orderItem);
  return { ...useQuote({ items, code, mobile, fee }), code };
}
