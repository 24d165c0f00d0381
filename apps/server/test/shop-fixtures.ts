import { eq } from 'drizzle-orm';
import type { Config } from '../src/config';
import type { Db } from '../src/db/client';
import { addresses, products, users } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { accessTokenFor } from './helpers';

/** Rows made straight in the database for the cart and order tests. */

export async function makeUser(db: Db, config: Config, role: 'USER' | 'ADMIN' = 'USER') {
  const id = newId();
  await db.insert(users).values({ id, name: `${role} ${id}`, email: `${id}@test.haat`, passwordHash: 'not-a-real-hash', role });
  const token = await accessTokenFor(db, config, id);
  return { id, token, auth: { authorization: `Bearer ${token}` } };
}

export async function makeProduct(db: Db, values: Partial<typeof products.$inferInsert> = {}) {
  const id = newId();
  const [row] = await db
    .insert(products)
    .values({ id, name: `Product ${id}`, unit: '1 pc', price: 1000, discount: 0, stock: 10, quantity: 10, images: [`/uploads/p/${id}.webp`], ...values })
    .returning();
  return row!;
}

export async function makeAddress(db: Db, userId: string, values: { address_line?: string; city?: string; mobile?: string } = {}) {
  const id = newId();
  await db.insert(addresses).values({
    id,
    userId,
    addressLine: values.address_line ?? 'House 1, Road 2, Dhanmondi',
    city: values.city ?? 'Dhaka',
    mobile: values.mobile ?? '01711111111',
  });
  return id;
}

export async function stockOf(db: Db, productId: string): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

export const dhakaGuest = { address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile: '01712345678' };
export const sylhetGuest = { address_line: 'Zindabazar', city: 'Sylhet', mobile: '01812345678' };
