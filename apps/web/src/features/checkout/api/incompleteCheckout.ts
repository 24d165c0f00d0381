import { useEffect, useRef } from 'react';
import { normalizePhone } from '@haat/shared/phone';
import type { IncompleteCheckoutInput } from '@haat/shared/schemas/cod';
import { request } from '@/lib/api';
import { currentLang } from '@/i18n';
import { orderItem } from '@/state/cart';

const BROWSER_KEY = 'haat_browser_id';

/**
 * This browser's random id, kept in localStorage: the shop keeps one entry per mobile and browser (issue 41), so
 * a stranger typing the same mobile cannot overwrite this shopper's cart. None (storage refused): the shared entry.
 */
export function browserId(): string | undefined {
  try {
    let id = localStorage.getItem(BROWSER_KEY);
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      id = crypto.randomUUID();
      localStorage.setItem(BROWSER_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

/** POST /order/incomplete: the cart of the mobile just given, for the owner's Incomplete orders (issue 26). */
function reportIncompleteCheckout(input: IncompleteCheckoutInput) {
  return request('order/incomplete', { method: 'POST', body: input });
}

/**
 * Once the checkout has a mobile (the chosen address's) and something to buy, tells
 * the shop, once per mobile and cart, a moment after it settles. Placing the order
 * removes the entry on the server; a failure here is silent (it is not the shopper's concern).
 */
export function useIncompleteCheckoutReport(mobile: string | undefined, lines: { productId: string; variantId?: string; quantity: number }[]) {
  const sent = useRef('');
  const valid = normalizePhone(mobile);
  const items = lines.map(orderItem);
  const key = valid && items.length > 0 ? JSON.stringify([valid, items]) : '';
  useEffect(() => {
    if (!key || key === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = key;
      reportIncompleteCheckout({ mobile: valid!, list_items: items, lang: currentLang(), browser_id: browserId() }).catch(() => {
        sent.current = '';
      });
    }, 800);
    return () => clearTimeout(timer);
    // `key` names the mobile and the lines.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
