import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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

export async function listCartLines(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ id: cartItems.id, quantity: cartItems.quantity, userId: cartItems.userId, product: cartProductColumns })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows.map((r) => ({ _id: r.id, quantity: r.quantity, userId: r.userId, product_id: r.product }));
}
export type CartLine = Awaited<ReturnType<typeof listCartLines>>[number];
