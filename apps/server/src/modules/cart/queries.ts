import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { CartLineView } from '@haat/shared/schemas/cart';
import type { DbOrTx, Tx } from '../../db/client';
import { cartItems, products, productVariants } from '../../db/schema';
import { chosenOptions, type VariantChoice } from '@haat/shared/schemas/variants';
import { appError } from '../../lib/errors';

/** The product fields a cart line nests as product_id (spec §3 Cart item). */
export const cartProductColumns = {
  _id: products.id,
  name: products.name,
  name_bn: products.nameBn,
  image: products.images,
  unit: products.unit,
  price: products.price,
  discount: products.discount,
  stock: products.stock,
  quantity: products.quantity,
  publish: products.publish,
};

/** The user's cart as the API answers it: the shared CartLineView the web reads too. A variant's line shows the variant's price, stock and pictures. */
export async function listCartLines(db: DbOrTx, userId: string): Promise<CartLineView[]> {
  const rows = await db
    .select({ id: cartItems.id, quantity: cartItems.quantity, userId: cartItems.userId, product: cartProductColumns, options: products.options, variant: productVariants })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows.map(({ id, quantity, userId, product, options, variant: v }) => ({
    _id: id,
    quantity,
    userId,
    product_id: v
      ? { ...product, price: v.price, discount: v.discount, stock: v.stock, image: v.images.length ? v.images : product.image, publish: product.publish && v.publish }
      : product,
    variant_id: v?.id ?? '',
    options: v ? chosenOptions(options, v.optionValues) : [],
    sku: v?.sku ?? '',
  }));
}

/** The user's cart lines, locked until the transaction ends: concurrent changes to them wait for it. */
export function lockCartLines(tx: Tx, userId: string) {
  return tx
    .select({ product_id: cartItems.productId, variant_id: cartItems.variantId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.productId))
    .for('update');
}

/** Takes bought quantities out of the cart; a line that reaches 0 goes, anything beyond what was bought stays. */
export async function takeFromCart(tx: Tx, userId: string, bought: { productId: string; variantId: string | null; quantity: number }[]): Promise<void> {
  for (const line of [...bought].sort((a, b) => (a.productId < b.productId ? -1 : 1))) {
    await tx
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - ${line.quantity}`, updatedAt: new Date() })
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, line.productId), eq(cartItems.variantId, line.variantId ?? '')));
  }
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), lte(cartItems.quantity, 0)));
}

/** A variant as a line chooses it: what the choice, the price and the order item's snapshot need. */
export type ChoosableVariant = Pick<typeof productVariants.$inferSelect, 'id' | 'productId' | 'optionValues' | 'sku' | 'price' | 'discount' | 'stock' | 'images' | 'publish'>;

const choosableColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  optionValues: productVariants.optionValues,
  sku: productVariants.sku,
  price: productVariants.price,
  discount: productVariants.discount,
  stock: productVariants.stock,
  images: productVariants.images,
  publish: productVariants.publish,
};

/** Every variant of these products by product id (a product without options: its default one, decision 0109), for chooseVariant. */
export async function variantsForChoice(db: DbOrTx, productIds: string[]): Promise<Map<string, ChoosableVariant[]>> {
  const byProduct = new Map<string, ChoosableVariant[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db.select(choosableColumns).from(productVariants).where(inArray(productVariants.productId, productIds));
  for (const r of rows) (byProduct.get(r.productId) ?? byProduct.set(r.productId, []).get(r.productId)!).push(r);
  return byProduct;
}

/** A product as a cart line takes it, with every variant it has, in one statement (null when there is no such product). */
export async function productForLine(db: DbOrTx, productId: string) {
  const rows = await db
    .select({ product: { id: products.id, name: products.name, name_bn: products.nameBn, quantity: products.quantity, publish: products.publish, options: products.options }, variant: choosableColumns })
    .from(products)
    .leftJoin(productVariants, eq(productVariants.productId, products.id))
    .where(eq(products.id, productId));
  return rows[0] ? { ...rows[0].product, variants: rows.flatMap((r) => (r.variant ? [r.variant] : [])) } : null;
}

/** The chosen variant, or the 400 that says what to choose. */
export function chosenOrThrow<V>(choice: VariantChoice<V>): V {
  if (choice.ok) return choice.variant;
  throw choice.code === 'VARIANT_REQUIRED' ? appError(choice.code, choice.params) : appError(choice.code, choice.params);
}
