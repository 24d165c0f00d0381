import { eq } from 'drizzle-orm';
import { DEFAULT_DELIVERY } from '@haat/shared/constants';
import type { DeliverySettings } from '@haat/shared/pricing';
import type { DbOrTx } from '../../db/client';
import { deliverySettings } from '../../db/schema';

/** The singleton row (id 1); the spec's defaults until an admin saves it. */
export const SETTINGS_ID = 1;

export async function readDeliverySettings(db: DbOrTx): Promise<DeliverySettings> {
  const [row] = await db
    .select({ freeDelivery: deliverySettings.freeDelivery, insideDhaka: deliverySettings.insideDhaka, outsideDhaka: deliverySettings.outsideDhaka })
    .from(deliverySettings)
    .where(eq(deliverySettings.id, SETTINGS_ID));
  return row ?? { ...DEFAULT_DELIVERY };
}
