import { GUEST_CART_KEY } from '@haat/shared/constants';
import type { CartProductView } from '@haat/shared/schemas/cart';
import type { ChosenOption } from '@haat/shared/schemas/variants';
import { readJson, writeJson } from '@/lib/storage';

/**
 * The guest cart: localStorage `guestCart`, the product flat plus the chosen
 * quantity (spec §3). Plain functions over storage; the useCart hook in
 * ./cart.ts shows these lines and calls these functions for a guest.
 */

/**
 * The product fields a cart needs (the product page's PurchaseProduct fits):
 * those of the server cart's product, stock and `quantity` (the most a shopper
 * may select) when known. For a product with options (issue 21) `_id` stays
 * the product's; price, discount, stock and image are the chosen variant's,
 * `variant_id` names it and `chosen` says its values ("Size: L").
 */
export type CartProduct = Pick<CartProductView, '_id' | 'name' | 'image' | 'unit' | 'price' | 'discount'> &
  Partial<Pick<CartProductView, 'stock' | 'quantity' | 'name_bn'>> & {
    /** The chosen variant; '' or absent for a product without options. */
    variant_id?: string;
    chosen?: ChosenOption[];
  };

/** A guest cart line: the product flat, `quantity` the chosen amount, the product's own limit kept aside. */
export type GuestCartLine = CartProduct & { quantity: number; maxQuantity?: number };

/**
 * What names a line: a product and its variant, so one product in two sizes is
 * two lines. A product without options is named by its id alone (lines and held
 * payments stored before variants keep working).
 */
export const lineKey = (productId: string, variantId?: string | null) => (variantId ? `${productId}~${variantId}` : productId);
const keyOf = (l: GuestCartLine) => lineKey(l._id, l.variant_id);

/** The most one line may hold: the lower of the stock and the per-order limit, when either is known. */
export const capOf = (stock?: number, limit?: number) => {
  const caps = [stock, limit].filter((n): n is number => typeof n === 'number');
  return caps.length ? Math.min(...caps) : undefined;
};

export function readGuestCart(): GuestCartLine[] {
  const lines = readJson<unknown>(GUEST_CART_KEY, []);
  return Array.isArray(lines) ? (lines as GuestCartLine[]).filter((l) => l && typeof l._id === 'string' && l.quantity > 0) : [];
}

/** After an order: the bought lines (lineKey) leave the guest cart (all of it for a cart order; one line for Buy Now). */
export function removeFromGuestCart(lineKeys: readonly string[]): void {
  writeJson(
    GUEST_CART_KEY,
    readGuestCart().filter((l) => !lineKeys.includes(keyOf(l))),
  );
}

/**
 * A bKash order leaves the shop for bKash's page before it is paid: its
 * products stay in the guest cart (a cancelled payment must not cost the
 * shopper their cart) and are remembered here until the payment succeeds.
 */
const PENDING_PAYMENT_KEY = 'guestPendingPayment';

export function holdForPayment(lineKeys: readonly string[]): void {
  writeJson(PENDING_PAYMENT_KEY, lineKeys);
}

/** bKash confirmed the payment: what that order bought leaves the guest cart. */
export function paymentSucceeded(): void {
  const held = readJson<unknown>(PENDING_PAYMENT_KEY, []);
  if (Array.isArray(held) && held.length > 0) removeFromGuestCart(held.filter((id): id is string => typeof id === 'string'));
  forgetHeldPayment();
}

/** The payment was cancelled or failed: the cart stays as it is. */
export function forgetHeldPayment(): void {
  try {
    localStorage.removeItem(PENDING_PAYMENT_KEY);
  } catch {
    // Storage disabled: nothing was held.
  }
}

/** Only what a line needs is stored: a product page's product also carries its description, options and variants. */
const cartFields = ({ _id, name, name_bn, image, unit, price, discount, stock, variant_id, chosen }: CartProduct): CartProduct => ({
  _id,
  name,
  name_bn,
  image,
  unit,
  price,
  discount,
  stock,
  ...(variant_id ? { variant_id, chosen: chosen ?? [] } : {}),
});

/** Adds to the guest cart, raising the line of this product and variant; at most the product's limit. */
export function addToGuestCart(product: CartProduct, quantity: number): void {
  const lines = readGuestCart();
  const key = lineKey(product._id, product.variant_id);
  const existing = lines.find((l) => keyOf(l) === key);
  const max = capOf(product.stock, product.quantity);
  const clamp = (n: number) => (max === undefined ? n : Math.min(n, max));
  if (existing) existing.quantity = clamp(existing.quantity + quantity);
  else lines.push({ ...cartFields(product), maxQuantity: product.quantity, quantity: clamp(quantity) });
  writeJson(GUEST_CART_KEY, lines);
}

/** Spec §4: a guest's edit acts only on an item (lineKey) that is in the stored guest cart; 0 removes it. */
export function setGuestQuantity(key: string, quantity: number): void {
  const lines = readGuestCart();
  const line = lines.find((l) => keyOf(l) === key);
  if (!line) return;
  line.quantity = quantity;
  writeJson(
    GUEST_CART_KEY,
    lines.filter((l) => l.quantity > 0),
  );
}
