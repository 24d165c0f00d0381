import type { DeliverySettingsInput } from '@haat/shared/schemas/delivery';
import type { DeliverySettings } from '@haat/shared/pricing';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/auth';
import { record } from '../audit/index';
import { deliverySettings } from '../../db/schema';
import { readDeliverySettings, SETTINGS_ID } from './queries';

export interface SaveResult {
  settings: DeliverySettings;
  /** 1 when a value changed, else 0: the admin screen tells 'updated' from 'Nothing was updated.' by it. */
  modifiedCount: number;
}

export async function saveDeliverySettings(db: Db, input: DeliverySettingsInput, actor: Actor): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const before = await readDeliverySettings(tx);
    const changed =
      before.freeDelivery !== input.freeDelivery || before.insideDhaka !== input.insideDhaka || before.outsideDhaka !== input.outsideDhaka;
    const values = { freeDelivery: input.freeDelivery, insideDhaka: input.insideDhaka, outsideDhaka: input.outsideDhaka };
    if (changed) {
      await tx
        .insert(deliverySettings)
        .values({ id: SETTINGS_ID, ...values })
        .onConflictDoUpdate({ target: deliverySettings.id, set: { ...values, updatedAt: new Date() } });
      await record(tx, actor, { kind: 'delivery_fee', action: 'update', targetId: 'delivery_settings', before: { ...before }, after: values });
    }
    return { settings: values, modifiedCount: changed ? 1 : 0 };
  });
}
