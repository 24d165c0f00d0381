import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { CartLineView } from '@haat/shared/schemas/cart';
import type { DbOrTx, Tx } from '../../db/client';
import { cartItems, products } from '../../db/schema';

/** The product fields a cart line nests as product_id (spec §3 Cart item). */
export const cartProductColumns = {
  _id: products.id,
  name: products.name,
  image: products.images,
  unit: products.unit,
  price: products.price,
  discount: products.discount,
  stock: products.stock,
  quantity: products.quantity,
  publish: products.publish,
};

/** The user's cart as the API answers it: the shared CartLineView the web reads too. */
export async function listCartLines(db: DbOrTx, userId: string): Promise<CartLineView[]> {
  const rows = await db
    .select({ id: cartItems.id, quantity: cartItems.quantity, userId: cartItems.userId, product: cartProductColumns })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows.map((r) => ({ _id: r.id, quantity: r.quantity, userId: r.userId, product_id: r.product }));
}

/** The user's cart lines, locked until the transaction ends: concurrent changes to them wait for it. */
export function lockCartLines(tx: Tx, userId: string) {
  return tx
    .select({ product_id: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.productId))
    .for('update');
}

/** Takes bought quantities out of the cart; a line that reaches 0 goes, anything beyond what was bought stays. */
export async function takeFromCart(tx: Tx, userId: string, bought: { productId: string; quantity: number }[]): Promise<void> {
  for (const line of [...bought].sort((a, b) => (a.productId < b.productId ? -1 : 1))) {
    await tx
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - ${line.quantity}`, updatedAt: new Date() })
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, line.productId)));
  }
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), lte(cartItems.quantity, 0)));
}
