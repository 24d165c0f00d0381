import { and, asc, eq } from 'drizzle-orm';
import type { AddressView } from '@haat/shared/schemas/address';
import type { DbOrTx } from '../../db/client';
import { addresses, type AddressSnapshot } from '../../db/schema';
import { isId } from '../../lib/ids';

type AddressRow = typeof addresses.$inferSelect;

/** Spec §3 Address. */
/** Spec §3 Address: the shared AddressView the web reads too. */
export const toAddress = (a: AddressRow): AddressView => ({ _id: a.id, name: a.name, address_line: a.addressLine, city: a.city, mobile: a.mobile });

/** Every query is scoped to the caller: another user's id is simply not found. */
export const ownAddress = (userId: string, id: string) => and(eq(addresses.id, id), eq(addresses.userId, userId));

export async function listAddresses(db: DbOrTx, userId: string) {
  const rows = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt), asc(addresses.id));
  return rows.map(toAddress);
}

/** The caller's own address as an order stores it, or null (not an id, not there, or another user's). An address saved without a name snapshots none. */
export async function ownAddressSnapshot(db: DbOrTx, userId: string, id: string): Promise<AddressSnapshot | null> {
  if (!isId(id)) return null;
  const [row] = await db
    .select({ name: addresses.name, address_line: addresses.addressLine, city: addresses.city, mobile: addresses.mobile })
    .from(addresses)
    .where(ownAddress(userId, id));
  if (!row) return null;
  const { name, ...rest } = row;
  return name ? { name, ...rest } : rest;
}
