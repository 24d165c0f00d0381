import { z } from 'zod';
import { normalizePhoneInput } from '../phone';
import { STOCK_ALERT_MESSAGES } from '../stock-alert-messages';
import { envelope } from './reply';

/**
 * "Tell me when it is back" (issue 45, decision 0116): a sold-out product's variant (a product without options is its
 * own default variant, decision 0109: variant_id may be left out), and the mobile to text; a signed-in shopper may
 * leave the mobile out when the account has one. One SMS, once, in the language asked in.
 */
export const stockAlertInputSchema = z.object({
  product_id: z.string({ error: STOCK_ALERT_MESSAGES.product }).trim().min(1, STOCK_ALERT_MESSAGES.product).max(64, STOCK_ALERT_MESSAGES.product),
  variant_id: z.string().trim().max(64, STOCK_ALERT_MESSAGES.product).optional().transform((v) => v ?? ''),
  mobile: z
    .string({ error: STOCK_ALERT_MESSAGES.mobile })
    .trim()
    .overwrite(normalizePhoneInput)
    .regex(/^(01[3-9]\d{8})?$/, STOCK_ALERT_MESSAGES.mobile)
    .optional()
    .transform((v) => v ?? ''),
  lang: z.enum(['en', 'bn']).optional(),
});
export type StockAlertInput = z.input<typeof stockAlertInputSchema>;
export type ParsedStockAlert = z.output<typeof stockAlertInputSchema>;

export const stockAlertViewSchema = z.object({
  _id: z.string(),
  product_id: z.string(),
  variant_id: z.string(),
  /** The mobile the SMS goes to, its middle digits hidden: 017•••••678. */
  mobile: z.string(),
  /** Whether this mobile had already asked for this variant. */
  already: z.boolean(),
});
export type StockAlertView = z.infer<typeof stockAlertViewSchema>;
export const stockAlertReplySchema = envelope(stockAlertViewSchema);

/** The owner's list: the sold-out variants most asked for, with how many wait. */
export const mostAskedItemSchema = z.object({
  product_id: z.string(),
  variant_id: z.string(),
  name: z.string(),
  name_bn: z.string(),
  /** The variant's option values in English and Bangla ('Size: L'); [] for a product without options. */
  options: z.array(z.object({ name: z.string(), name_bn: z.string(), value: z.string(), value_bn: z.string() })),
  stock: z.number(),
  /** Requests waiting for it. */
  waiting: z.number(),
  /** Signed-in shoppers who keep it on their wishlist. */
  wishlisted: z.number(),
});
export type MostAskedItem = z.infer<typeof mostAskedItemSchema>;
export const mostAskedReplySchema = envelope(z.array(mostAskedItemSchema));

/** A wishlist item (issue 45): a product, and its variant when it has options (the default variant otherwise). */
export const wishlistItemInputSchema = z.object({
  product_id: z.string({ error: STOCK_ALERT_MESSAGES.product }).trim().min(1, STOCK_ALERT_MESSAGES.product).max(64, STOCK_ALERT_MESSAGES.product),
  variant_id: z.string().trim().max(64, STOCK_ALERT_MESSAGES.product).optional().transform((v) => v ?? ''),
});
/** POST /wishlist/merge: a guest's browser wishlist joined to the account at sign-in. */
export const wishlistMergeSchema = z.object({ items: z.array(wishlistItemInputSchema).max(100, 'At most 100 wishlist items.') });
export const wishlistViewSchema = z.object({
  product_id: z.string(),
  variant_id: z.string(),
  name: z.string(),
  name_bn: z.string(),
  image: z.array(z.string()),
  price: z.number(),
  discount: z.number(),
  stock: z.number(),
  options: z.array(z.object({ name: z.string(), name_bn: z.string(), value: z.string(), value_bn: z.string() })),
});
export type WishlistView = z.infer<typeof wishlistViewSchema>;
export const wishlistReplySchema = envelope(z.array(wishlistViewSchema));
