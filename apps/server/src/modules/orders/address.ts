import type { ParsedOrderPayload } from '@haat/shared/schemas/order';
import type { DbOrTx } from '../../db/client';
import type { AddressSnapshot } from '../../db/schema';
import type { AuthUser } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { ownAddressSnapshot } from '../addresses/index';

/**
 * Where an order goes: a guest's address given whole, or a signed-in shopper's own saved address by id (another's is
 * unknown). Placing an order and the advance preview (decision 0130) read it the same way.
 */
export async function resolveAddress(db: DbOrTx, user: AuthUser | null, payload: Pick<ParsedOrderPayload, 'addressId' | 'guest_user_delivery_address'>) {
  if (!user) {
    if (!payload.guest_user_delivery_address) throw appError('ORDER_ADDRESS_REQUIRED');
    // A blank name is no name: the snapshot keeps only one that was given.
    const { name, ...address } = payload.guest_user_delivery_address;
    return { delivery: null, guest: (name ? { name, ...address } : address) as AddressSnapshot };
  }
  if (!payload.addressId) throw appError('ORDER_ADDRESS_CHOOSE');
  const row = await ownAddressSnapshot(db, user.id, payload.addressId);
  if (!row) throw appError('ORDER_ADDRESS_UNKNOWN');
  return { delivery: row, guest: null };
}

