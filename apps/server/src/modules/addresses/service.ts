import type { AddressInput } from '@haat/shared/schemas/address';
import type { DbOrTx } from '../../db/client';
import { addresses } from '../../db/schema';
import { appError } from '../../lib/errors';
import { isId, newId } from '../../lib/ids';
import { ownAddress, toAddress } from './queries';


export async function addAddress(db: DbOrTx, userId: string, input: AddressInput) {
  const [row] = await db
    .insert(addresses)
    .values({ id: newId(), userId, name: input.name ?? '', addressLine: input.address_line, city: input.city, mobile: input.mobile })
    .returning();
  return toAddress(row!);
}

/** Another user's address, or an id that is not one, is not found. */
export async function editAddress(db: DbOrTx, userId: string, id: string, input: AddressInput) {
  if (!isId(id)) throw appError('ADDRESS_NOT_FOUND');
  const [row] = await db
    .update(addresses)
    // A client that sends no name keeps the one saved.
    .set({ ...(input.name !== undefined ? { name: input.name } : {}), addressLine: input.address_line, city: input.city, mobile: input.mobile, updatedAt: new Date() })
    .where(ownAddress(userId, id))
    .returning();
  if (!row) throw appError('ADDRESS_NOT_FOUND');
  return toAddress(row);
}

export async function removeAddress(db: DbOrTx, userId: string, id: string) {
  if (!isId(id)) throw appError('ADDRESS_NOT_FOUND');
  const [row] = await db.delete(addresses).where(ownAddress(userId, id)).returning({ id: addresses.id });
  if (!row) throw appError('ADDRESS_NOT_FOUND');
}
