import { and, asc, eq } from 'drizzle-orm';
import type { AddressInput, AddressView } from '@haat/shared/schemas/address';
import type { Db } from '../../db/client';
import { addresses } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isId, newId } from '../../lib/ids';

type AddressRow = typeof addresses.$inferSelect;

/** Spec §3 Address: the shared AddressView the web reads too. */
export const toAddress = (a: AddressRow): AddressView => ({ _id: a.id, address_line: a.addressLine, city: a.city, mobile: a.mobile });

const NOT_FOUND = 'Address not found.';

/** Every query is scoped to the caller: another user's id is simply not found. */
export function createAddressService(db: Db) {
  const own = (userId: string, id: string) => and(eq(addresses.id, id), eq(addresses.userId, userId));
  return {
    async list(userId: string) {
      const rows = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt), asc(addresses.id));
      return rows.map(toAddress);
    },
    async add(userId: string, input: AddressInput) {
      const [row] = await db
        .insert(addresses)
        .values({ id: newId(), userId, addressLine: input.address_line, city: input.city, mobile: input.mobile })
        .returning();
      return toAddress(row!);
    },
    async edit(userId: string, id: string, input: AddressInput) {
      if (!isId(id)) throw notFound(NOT_FOUND);
      const [row] = await db
        .update(addresses)
        .set({ addressLine: input.address_line, city: input.city, mobile: input.mobile, updatedAt: new Date() })
        .where(own(userId, id))
        .returning();
      if (!row) throw notFound(NOT_FOUND);
      return toAddress(row);
    },
    async remove(userId: string, id: string) {
      if (!isId(id)) throw notFound(NOT_FOUND);
      const [row] = await db.delete(addresses).where(own(userId, id)).returning({ id: addresses.id });
      if (!row) throw notFound(NOT_FOUND);
    },
  };
}
