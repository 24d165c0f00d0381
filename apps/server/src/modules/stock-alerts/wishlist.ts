import { and, asc, eq, inArray } from 'drizzle-orm';
import type { WishlistView } from '@haat/shared/schemas/stock-alerts';
import { chosenOptions } from '@haat/shared/variant-words';
import type { Db } from '../../db/client';
import { products, productVariants, wishlistItems } from '../../db/schema';
import { appError } from '../../lib/errors';
import { askForWishlist } from './service';

/*
 * A signed-in shopper's wishlist (issue 45): one row per variant (a product without options is its default variant,
 * decision 0109). A sold-out item gets the same back-in-stock request as the product page's (decision 0116), to the
 * account's mobile, when the account has one. A guest's wishlist is the browser's, merged here at sign-in.
 */

type Item = { product_id: string; variant_id: string };

/** The items that exist and are published, as rows to store; unknown ones are left out. */
async function knownItems(db: Db, items: Item[]) {
  if (items.length === 0) return [];
  const ids = items.map((i) => i.variant_id || i.product_id);
  const rows = await db
    .select({ productId: productVariants.productId, variantId: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.id, ids), eq(products.publish, true), eq(productVariants.publish, true)));
  return rows.filter((r) => items.some((i) => i.product_id === r.productId && (i.variant_id || i.product_id) === r.variantId));
}

export async function addToWishlist(db: Db, userId: string, items: Item[], lang: 'en' | 'bn', refuseUnknown: boolean): Promise<WishlistView[]> {
  const known = await knownItems(db, items);
  if (refuseUnknown && known.length < items.length) throw appError('STOCK_ALERT_UNKNOWN');
  if (known.length > 0) await db.insert(wishlistItems).values(known.map((k) => ({ userId, productId: k.productId, variantId: k.variantId }))).onConflictDoNothing();
  await askForWishlist(db, userId, lang);
  return wishlistOf(db, userId);
}

export async function removeFromWishlist(db: Db, userId: string, variantId: string): Promise<WishlistView[]> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.variantId, variantId)));
  return wishlistOf(db, userId);
}

export async function wishlistOf(db: Db, userId: string): Promise<WishlistView[]> {
  const rows = await db
    .select({ productId: products.id, variantId: productVariants.id, name: products.name, nameBn: products.nameBn, productImages: products.images, images: productVariants.images, price: productVariants.price, discount: productVariants.discount, stock: productVariants.stock, options: products.options, values: productVariants.optionValues })
    .from(wishlistItems)
    .innerJoin(productVariants, eq(productVariants.id, wishlistItems.variantId))
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.variantId));
  return rows.map((r) => ({
    product_id: r.productId,
    variant_id: r.variantId,
    name: r.name,
    name_bn: r.nameBn,
    image: r.images.length > 0 ? r.images : r.productImages,
    price: r.price,
    discount: r.discount,
    stock: r.stock,
    options: chosenOptions(r.options, r.values),
  }));
}
