import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliverySettings } from '@haat/shared/pricing';
import type { DeliverySettingsSaveReply, DeliverySettingsSaved } from '@haat/shared/schemas/delivery';
import { deliverySettingsQuery } from '@/state/delivery';
import { authRequest } from '@/lib/session';

export interface SaveOutcome {
  ok: boolean;
  modifiedCount: number;
}

/** PUT /delivery-settings { insideDhaka, outsideDhaka, freeDelivery }. */
export async function updateDeliverySettings(settings: DeliverySettings): Promise<SaveOutcome> {
  const res = await authRequest<DeliverySettingsSaved, DeliverySettingsSaveReply>('delivery-settings', { method: 'PUT', body: settings });
  return { ok: res.success, modifiedCount: res.modifiedCount };
}

export const SHIPPING_UPDATED = 'Shipping Cost Updated Successfully.';
export const SHIPPING_UNCHANGED = 'Nothing was updated.';
export const SHIPPING_FAILED = 'Something went wrong. Please try again!';

export type ShippingToast = { kind: 'success' | 'neutral' | 'error'; message: string };

/**
 * Spec §8: which toast a save ends in. A change the server stored is
 * 'Shipping Cost Updated Successfully.'; an accepted save that changed nothing,
 * 'Nothing was updated.'; any failure, 'Something went wrong. Please try again!'.
 */
export function shippingToast(result: { outcome: SaveOutcome } | { error: unknown }): ShippingToast {
  if ('error' in result || !result.outcome.ok) return { kind: 'error', message: SHIPPING_FAILED };
  return result.outcome.modifiedCount > 0 ? { kind: 'success', message: SHIPPING_UPDATED } : { kind: 'neutral', message: SHIPPING_UNCHANGED };
}

export function useUpdateDeliverySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeliverySettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliverySettingsQuery.queryKey }),
  });
}
