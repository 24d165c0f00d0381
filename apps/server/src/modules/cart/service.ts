import { and, eq, sql } from 'drizzle-orm';
import type { AddToCartInput, UpdateCartInput } from '@haat/shared/schemas/cart';
import { quantityCap } from '@haat/shared/schemas/cart';
import { chooseVariant, shownVariantId } from '@haat/shared/schemas/variants';
import { namesOf } from '@haat/shared/variant-words';
import type { Db, DbOrTx } from '../../db/client';
import { cartItems, products, productVariants } from '../../db/schema';
import { appError } from '../../lib/errors';
import { isId, newId } from '../../lib/ids';
import { chosenOrThrow, productForLine } from './queries';

/** What a line may hold: the product's per-order limit, and the stock of the product or of its chosen variant; its names for the refusals. */
interface Holdable {
  name: string;
  name_bn: string;
  stock: number;
  quantity: number;
}

/** The product and the variant a line adds (issue 21): a product of several variants needs its variant_id. */
async function findLine(db: DbOrTx, productId: string, variantId: string | undefined): Promise<Holdable & { productId: string; variantId: string }> {
  if (!isId(productId)) throw appError('PRODUCT_UNAVAILABLE');
  const product = await productForLine(db, productId);
  if (!product || !product.publish) throw appError('PRODUCT_UNAVAILABLE');
  const v = chosenOrThrow(chooseVariant(product, product.variants, variantId));
  if (!v.publish) throw appError('PRODUCT_UNAVAILABLE');
  // The default variant's line is written as before it was a row: variant_id '' (decision 0109).
  return { productId: product.id, variantId: shownVariantId(product.id, v.id) ?? '', ...namesOf(product, v.optionValues), stock: v.stock, quantity: product.quantity };
}

/** Refuses a quantity above what the product allows, saying how many can be had. */
function checkCap(product: Holdable, wanted: number): void {
  const names = { name: product.name, name_bn: product.name_bn };
  if (product.stock <= 0) throw appError('OUT_OF_STOCK', names);
  const cap = quantityCap(product);
  if (wanted > cap) {
    throw appError('CART_QUANTITY_CAP', { n: cap, ...names });
  }
}

/** Adding a product (a variant) already in the cart raises its quantity, within the cap. */
export async function addToCart(db: Db, userId: string, input: AddToCartInput): Promise<void> {
  await db.transaction(async (tx) => {
    const line = await findLine(tx, input.product_id, input.variant_id);
    const [held] = await tx
      .insert(cartItems)
      .values({ id: newId(), userId, productId: line.productId, variantId: line.variantId, quantity: input.quantity })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.variantId],
        set: { quantity: sql`${cartItems.quantity} + ${input.quantity}`, updatedAt: new Date() },
      })
      .returning({ quantity: cartItems.quantity });
    // Checked after the atomic upsert, so two quick taps cannot pass the cap together; throwing rolls back.
    checkCap(line, held!.quantity);
  });
}

/** Sets a line's quantity; 0 removes it. Only the caller's own lines can be touched. */
export async function updateCartLine(db: Db, userId: string, input: UpdateCartInput): Promise<'updated' | 'removed'> {
  if (!isId(input.id)) throw appError('CART_ITEM_INVALID');
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select({ id: cartItems.id, productId: cartItems.productId, variantId: cartItems.variantId })
      .from(cartItems)
      .where(and(eq(cartItems.id, input.id), eq(cartItems.userId, userId)));
    // Someone else's line answers like a missing one: nothing to learn from it.
    if (!line) throw appError('CART_ITEM_NOT_FOUND');
    if (input.quantity === 0) {
      await tx.delete(cartItems).where(eq(cartItems.id, line.id));
      return 'removed';
    }
    const [product] = await tx
      .select({ name: products.name, name_bn: products.nameBn, stock: sql<number>`coalesce(${productVariants.stock}, ${products.stock})`, quantity: products.quantity })
      .from(products)
      .leftJoin(productVariants, eq(productVariants.id, line.variantId))
      .where(eq(products.id, line.productId));
    checkCap(product!, input.quantity);
    await tx.update(cartItems).set({ quantity: input.quantity, updatedAt: new Date() }).where(eq(cartItems.id, line.id));
    return 'updated';
  });
}
