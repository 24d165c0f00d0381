import { and, eq, sql } from 'drizzle-orm';
import type { AddToCartInput, UpdateCartInput } from '@haat/shared/schemas/cart';
import { quantityCap } from '@haat/shared/schemas/cart';
import type { Db, DbOrTx } from '../../db/client';
import { cartItems, products } from '../../db/schema';
import { appError } from '../../lib/errors';
import { isId, newId } from '../../lib/ids';

async function findProduct(db: DbOrTx, productId: string) {
  if (!isId(productId)) throw appError('PRODUCT_UNAVAILABLE');
  const [product] = await db
    .select({ id: products.id, name: products.name, stock: products.stock, quantity: products.quantity, publish: products.publish })
    .from(products)
    .where(eq(products.id, productId));
  if (!product || !product.publish) throw appError('PRODUCT_UNAVAILABLE');
  return product;
}

/** Refuses a quantity above what the product allows, saying how many can be had. */
function checkCap(product: { name: string; stock: number; quantity: number }, wanted: number): void {
  if (product.stock <= 0) throw appError('OUT_OF_STOCK', { name: product.name });
  const cap = quantityCap(product);
  if (wanted > cap) {
    throw appError('CART_QUANTITY_CAP', { n: cap, name: product.name });
  }
}

/** Adding a product already in the cart raises its quantity, within the cap. */
export async function addToCart(db: Db, userId: string, input: AddToCartInput): Promise<void> {
  await db.transaction(async (tx) => {
    const product = await findProduct(tx, input.product_id);
    const [line] = await tx
      .insert(cartItems)
      .values({ id: newId(), userId, productId: product.id, quantity: input.quantity })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId],
        set: { quantity: sql`${cartItems.quantity} + ${input.quantity}`, updatedAt: new Date() },
      })
      .returning({ quantity: cartItems.quantity });
    // Checked after the atomic upsert, so two quick taps cannot pass the cap together; throwing rolls back.
    checkCap(product, line!.quantity);
  });
}

/** Sets a line's quantity; 0 removes it. Only the caller's own lines can be touched. */
export async function updateCartLine(db: Db, userId: string, input: UpdateCartInput): Promise<'updated' | 'removed'> {
  if (!isId(input.id)) throw appError('CART_ITEM_INVALID');
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select({ id: cartItems.id, productId: cartItems.productId })
      .from(cartItems)
      .where(and(eq(cartItems.id, input.id), eq(cartItems.userId, userId)));
    // Someone else's line answers like a missing one: nothing to learn from it.
    if (!line) throw appError('CART_ITEM_NOT_FOUND');
    if (input.quantity === 0) {
      await tx.delete(cartItems).where(eq(cartItems.id, line.id));
      return 'removed';
    }
    const [product] = await tx
      .select({ name: products.name, stock: products.stock, quantity: products.quantity })
      .from(products)
      .where(eq(products.id, line.productId));
    checkCap(product!, input.quantity);
    await tx.update(cartItems).set({ quantity: input.quantity, updatedAt: new Date() }).where(eq(cartItems.id, line.id));
    return 'updated';
  });
}
