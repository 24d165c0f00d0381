import { hasText, useT } from '@/i18n';
import type { CourierStage } from '@haat/shared/schemas/courier';
import { COURIER_WORDS_NS } from './courier.locales';

/**
 * A courier's status word as a key of `courierStatus`: Steadfast's 'in_review',
 * Pathao's 'order.pickup-requested' and 'Pickup_Requested' all come out alike.
 */
export function courierStatusKey(status: string): string {
  return status.trim().toLowerCase().replace(/^order\./, '').replace(/[-.\s]+/g, '_');
}

/**
 * The couriers' words in the interface's language (issue 19): a stage's label,
 * and a raw status ('in_review') as a person would say it. A status no one
 * listed falls back to its stage's label, never the raw word.
 */
export function useCourierWords() {
  const t = useT(COURIER_WORDS_NS);
  const stageLabel = (stage: CourierStage | 'placed') => t(`stage.${stage}`);
  const statusLabel = (status: string, stage: CourierStage | 'placed') => {
    const key = `courierStatus.${courierStatusKey(status)}`;
    // A courier's raw status is not a key tsc knows: hasText checks it before t says it.
    return hasText(COURIER_WORDS_NS, key) ? (t as (k: string) => string)(key) : stageLabel(stage);
  };
  return { stageLabel, statusLabel };
}
