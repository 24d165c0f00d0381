import { useEffect, useRef } from 'react';
import { normalizePhone } from '@haat/shared/phone';
import type { AddressView } from '@haat/shared/schemas/address';
import type { IncompleteCheckoutInput } from '@haat/shared/schemas/cod';
import { request } from '@/lib/api';
import { currentLang } from '@/i18n';
import { orderItem } from '@/state/cart';

const BROWSER_KEY = 'haat_browser_id';
/** Where storage is refused: an id for this page's life, so the report is still this browser's own entry. */
let pageId: string | undefined;

/**
 * This browser's random id, kept in localStorage: the shop keeps one entry per mobile and browser (issue 41), so
 * a stranger typing the same mobile cannot overwrite this shopper's cart, name or address. Storage refused: an id
 * for this page (the shop keeps no name or address in the entry of a client naming none, issue 42).
 */
export function browserId(): string {
  try {
    let id = localStorage.getItem(BROWSER_KEY);
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      id = crypto.randomUUID();
      localStorage.setItem(BROWSER_KEY, id);
    }
    return id;
  } catch {
    return (pageId ??= crypto.randomUUID());
  }
}

/** The recipient as typed so far at checkout (issue 42): a mobile, and the name and address when given. */
export type TypedRecipient = { mobile: string } & Partial<Pick<AddressView, 'name' | 'address_line' | 'city'>>;

/** POST /order/incomplete: the cart of the mobile just given, for the owner's Incomplete orders (issue 26). */
function reportIncompleteCheckout(input: IncompleteCheckoutInput) {
  return request('order/incomplete', { method: 'POST', body: input });
}

/**
 * Once the checkout has a mobile (the chosen address's, else the one typed) and something to buy, tells the
 * shop, with the recipient's name and address as far as they are typed (issue 42: the owner's phone order opens
 * with them), once per recipient and cart, a moment after it settles. Placing the order removes the entry on
 * the server; a failure here is silent (it is not the shopper's concern).
 */
export function useIncompleteCheckoutReport(recipient: TypedRecipient | undefined, lines: { productId: string; variantId?: string; quantity: number }[]) {
  const sent = useRef('');
  const valid = normalizePhone(recipient?.mobile);
  const items = lines.map(orderItem);
  // A field not typed (or only spaces) is left out: the entry keeps what it had.
  const typed = Object.fromEntries((['name', 'address_line', 'city'] as const).flatMap((k) => (recipient?.[k]?.trim() ? [[k, recipient[k].trim()]] : [])));
  const key = valid && items.length > 0 ? JSON.stringify([valid, items, typed]) : '';
  useEffect(() => {
    if (!key || key === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = key;
      reportIncompleteCheckout({ mobile: valid!, list_items: items, lang: currentLang(), browser_id: browserId(), ...typed }).catch(() => {
        sent.current = '';
      });
    }, 800);
    return () => clearTimeout(timer);
    // `key` names the mobile and the lines.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
