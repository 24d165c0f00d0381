import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../constants';
import { asciiDigitsOf } from '../phone';
import { idField, TEXT_LIMITS } from './limits';
import { chosenOptionSchema } from './variants';
import { envelope } from './reply';

export const QUANTITY_TOO_LARGE = 'Quantity is too large.';

/** POST cart/add-to-cart: a product and how many to add (spec §7). */
export const addToCartSchema = z.object({
  product_id: idField('Choose a product.'),
  /** The chosen variant (issue 21): required when the product has more than one, else optional. */
  variant_id: z.string().trim().max(TEXT_LIMITS.id, 'Choose a variant.').optional(),
  quantity: z.preprocess(asciiDigitsOf, z.coerce.number({ error: 'Quantity must be a whole number.' }).int('Quantity must be a whole number.').min(1, 'Quantity must be at least 1.').max(MAX_LINE_QUANTITY, QUANTITY_TOO_LARGE)).default(1),
});
export type AddToCartInput = z.infer<typeof addToCartSchema>;

/** POST cart/update-cart-items: the cart line's id and its new quantity; 0 removes the line (spec §4). */
export const updateCartSchema = z.object({
  id: idField('Choose a cart item.'),
  quantity: z.preprocess(asciiDigitsOf, z.coerce.number({ error: 'Quantity must be a whole number.' }).int('Quantity must be a whole number.').min(0, 'Quantity cannot be negative.').max(MAX_LINE_QUANTITY, QUANTITY_TOO_LARGE)),
});
export type UpdateCartInput = z.infer<typeof updateCartSchema>;

/** The most of a product one cart line may hold: its stock and its per-order limit. */
export function quantityCap(product: { stock: number; quantity: number }): number {
  return Math.max(0, Math.min(product.stock, product.quantity));
}

/** The product a cart line nests as product_id (spec §3 Cart item). */
export const cartProductViewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The Bangla name (issue 14), '' when none: the web says it on a Bangla page, as it does a guest's line (issue 42). */
  name_bn: z.string(),
  image: z.array(z.string()),
  unit: z.string(),
  price: z.number(),
  discount: z.number(),
  stock: z.number(),
  /** The product's per-order limit, not the line's quantity. */
  quantity: z.number(),
  publish: z.boolean(),
});
export type CartProductView = z.infer<typeof cartProductViewSchema>;

/** One line of GET cart/get-cart-items (and of the add/update answers): listCartLines() returns it, the web reads it. */
export const cartLineViewSchema = z.object({
  _id: z.string(),
  quantity: z.number(),
  userId: z.string(),
  /** For a line of a variant, product_id carries that variant's price, discount, stock and pictures. */
  product_id: cartProductViewSchema,
  /** The chosen variant (issue 21): its id and options ("Size: L, Colour: Red"); '' and [] for a product without options. */
  variant_id: z.string(),
  options: z.array(chosenOptionSchema),
  sku: z.string(),
});
export type CartLineView = z.infer<typeof cartLineViewSchema>;
export const cartReplySchema = envelope(z.array(cartLineViewSchema));
