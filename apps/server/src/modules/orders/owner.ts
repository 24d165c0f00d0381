import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, promotionUses } from '../../db/schema';

/**
 * Moves one account's orders, and the promotion uses they carry, to another:
 * the users module joins a person's phone account into their e-mail account
 * (decision 0061). Only the owner changes, never an order's status.
 */
export async function moveOrdersToAccount(tx: DbOrTx, fromUserId: string, toUserId: string): Promise<number> {
  const moved = await tx.update(orders).set({ userId: toUserId }).where(eq(orders.userId, fromUserId)).returning({ id: orders.id });
  await tx.update(promotionUses).set({ userId: toUserId }).where(eq(promotionUses.userId, fromUserId));
  return moved.length;
}
