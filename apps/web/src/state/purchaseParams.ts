import type { Product } from '@haat/shared/schemas/catalogue';
import { MAX_LINE_QUANTITY } from '@haat/shared/constants';
import { normalizeDigitsInput } from '@haat/shared/phone';
import { defaultVariantOf, namedVariantsOf, shownVariantId } from '@haat/shared/schemas/variants';
import { chosenOptions } from '@haat/shared/variant-words';
import { capOf, type CartProduct } from './guestCart';

/**
 * A product page's Add To Cart / Buy Now sent as a plain form before its scripts ran (issue 39,
 * docs/decisions/0088): GET /cart or /checkout with `add=<productId>`, `variant=<variantId>` (when the
 * page knew it) and `qty=<n>`. These read and check those fields; the cart and checkout pages act on them.
 */
export const PURCHASE_PARAMS = ['add', 'variant', 'qty'] as const;

export interface PurchaseIntent {
  productId: string;
  variantId?: string;
  quantity: number;
}

/** Why a sent line is not added: a schema's English message (`message`), or one of ours (`problem`). */
export type PurchaseProblem =
  | { kind: 'invalid'; message: string }
  | { kind: 'unknownProduct' }
  | { kind: 'chooseOptions'; product: Product }
  | { kind: 'unknownVariant'; product: Product }
  | { kind: 'soldOut'; product: Product }
  | { kind: 'tooMany'; product: Product; max: number };

/** The longest id addToCartSchema takes (TEXT_LIMITS.id of the shared schemas). */
const ID_MAX = 64;
const WHOLE = 'Quantity must be a whole number.';

/**
 * The URL's purchase, checked by the rules of the cart's own schema (addToCartSchema, the same as POST
 * cart/add-to-cart's), with its messages; null when the URL carries none. Written out rather than
 * calling the schema: zod is 32 KB gzip, and this is on the cart page's first visit (decision 0089).
 * purchaseParams.test.ts checks it answers as addToCartSchema.safeParse does, for any fields.
 */
export function readPurchaseParams(params: URLSearchParams): { intent: PurchaseIntent } | { problem: PurchaseProblem } | null {
  const add = params.get('add');
  if (add === null) return null;
  const invalid = (message: string) => ({ problem: { kind: 'invalid' as const, message } });
  const productId = add.trim();
  if (productId.length < 1 || productId.length > ID_MAX) return invalid('Choose a product.');
  const variantId = params.get('variant')?.trim();
  if (variantId && variantId.length > ID_MAX) return invalid('Choose a variant.');
  const qty = params.get('qty');
  // z.coerce.number: Number() of the text, Bengali digits made ASCII first; a whole, finite, safe number.
  const quantity = qty === null ? 1 : Number(normalizeDigitsInput(qty));
  if (!Number.isSafeInteger(quantity)) return invalid(WHOLE);
  if (quantity < 1) return invalid('Quantity must be at least 1.');
  if (quantity > MAX_LINE_QUANTITY) return invalid('Quantity is too large.');
  return { intent: { productId, ...(variantId ? { variantId } : {}), quantity } };
}

/**
 * The cart line a sent purchase makes of the product it names, as the product page's buttons would
 * have made it (PurchasePanel's PurchaseProduct): the chosen variant's price, stock and pictures.
 * Refused: a product with options and no variant named, a variant it does not have or does not sell,
 * nothing in stock, or more than the line may hold (the page's stepper never sends that).
 */
export function purchaseLine(product: Product, intent: PurchaseIntent): { product: CartProduct; quantity: number } | { problem: PurchaseProblem } {
  const options = product.options ?? [];
  const base = { _id: product._id, name: product.name, name_bn: product.name_bn, unit: product.unit, quantity: product.quantity };
  // The variant named, else the product's default one (a product without options, decision 0111). A client never
  // names the default variant, and a product whose options make its variants needs one named.
  const variant = intent.variantId ? namedVariantsOf(product).find((v) => v._id === intent.variantId && v.publish) : defaultVariantOf(product);
  if (!variant) return { problem: { kind: intent.variantId ? 'unknownVariant' : 'chooseOptions', product } };
  const named = shownVariantId(product._id, variant._id);
  const line: CartProduct = {
    ...base,
    image: variant.image.length > 0 ? variant.image : product.image,
    price: variant.price,
    discount: variant.discount,
    stock: variant.stock,
    ...(named ? { variant_id: named, chosen: chosenOptions(options, variant.values) } : {}),
  };
  if (!product.publish || (line.stock ?? 0) <= 0) return { problem: { kind: 'soldOut', product } };
  const max = capOf(line.stock, product.quantity) ?? intent.quantity;
  if (intent.quantity > max) return { problem: { kind: 'tooMany', product, max } };
  return { product: line, quantity: intent.quantity };
}

/** The URL's search without the purchase fields (kept: any other, such as a language or a tracking tag). */
export function withoutPurchaseParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of PURCHASE_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
