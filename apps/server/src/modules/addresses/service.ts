import { and, asc, eq } from 'drizzle-orm';
import type { AddressInput } from '@haat/shared/schemas/address';
import type { DbOrTx } from '../../db/client';
import { addresses } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isId, newId } from '../../lib/ids';

type AddressRow = typeof addresses.$inferSelect;

/** Spec §3 Address. */
export const toAddress = (a: AddressRow) => ({ _id: a.id, address_line: a.addressLine, city: a.city, mobile: a.mobile });

const NOT_FOUND = 'Address not found.';

// Every query is scoped to the caller: another user's id is simply not found.
const own = (userId: string, id: string) => and(eq(addresses.id, id), eq(addresses.userId, userId));

export async function listAddresses(db: DbOrTx, userId: string) {
  const rows = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt), asc(addresses.id));
  return rows.map(toAddress);
}

export async function addAddress(db: DbOrTx, userId: string, input: AddressInput) {
  const [row] = await db
    .insert(addresses)
    .values({ id: newId(), userId, addressLine: input.address_line, city: input.city, mobile: input.mobile })
    .returning();
  return toAddress(row!);
}

export async function editAddress(db: DbOrTx, userId: string, id: string, input: AddressInput) {
  if (!isId(id)) throw notFound(NOT_FOUND);
  const [row] = await db
    .update(addresses)
    .set({ addressLine: input.address_line, city: input.city, mobile: input.mobile, updatedAt: new Date() })
    .where(own(userId, id))
    .returning();
  if (!row) throw notFound(NOT_FOUND);
  return toAddress(row);
}

export async function removeAddress(db: DbOrTx, userId: string, id: string) {
  if (!isId(id)) throw notFound(NOT_FOUND);
  const [row] = await db.delete(addresses).where(own(userId, id)).returning({ id: addresses.id });
  if (!row) throw notFound(NOT_FOUND);
}

/** The caller's own address as an order stores it, or null (not an id, not there, or another user's). */
export async function ownAddressSnapshot(db: DbOrTx, userId: string, id: string) {
  if (!isId(id)) return null;
  const [row] = await db
    .select({ address_line: addresses.addressLine, city: addresses.city, mobile: addresses.mobile })
    .from(addresses)
    .where(own(userId, id));
  return row ?? null;
}
