import { z } from 'zod';
/**
 * The COD risk check (issue 12): a buyer's delivery record, as the admin's
 * order answers carry it and the order card shows it.
 */
export const DELIVERY_RECORD_SOURCES = ['own', 'steadfast', 'unknown'] as const;
export type DeliveryRecordSource = (typeof DELIVERY_RECORD_SOURCES)[number];

export const deliveryRecordSchema = z.object({
  /** Parcels delivered to this phone; null when unknown. */
  delivered: z.number().nullable(),
  /** Parcels returned or cancelled; null when unknown. */
  returned: z.number().nullable(),
  /** delivered / (delivered + returned), 0–1 with two decimals; null with no history or when unknown. */
  ratio: z.number().nullable(),
  /** Where the counts come from: the shop's own orders, Steadfast's fraud check, or nothing (lookup failed). */
  source: z.enum(DELIVERY_RECORD_SOURCES),
});
export type DeliveryRecord = z.infer<typeof deliveryRecordSchema>;

export const UNKNOWN_DELIVERY_RECORD: DeliveryRecord = { delivered: null, returned: null, ratio: null, source: 'unknown' };

export function deliveryRecord(delivered: number, returned: number, source: Exclude<DeliveryRecordSource, 'unknown'>): DeliveryRecord {
  const total = delivered + returned;
  return { delivered, returned, ratio: total === 0 ? null : Math.round((delivered / total) * 100) / 100, source };
}

/** At or above: green. Below GOOD and at or above WATCH: amber. Below WATCH: red. */
export const DELIVERY_RATIO_GOOD = 0.8;
export const DELIVERY_RATIO_WATCH = 0.5;

/** 'good' green, 'watch' amber, 'risky' red, 'none' grey (no history, or unknown). */
export type DeliveryRisk = 'good' | 'watch' | 'risky' | 'none';

export function deliveryRisk(record: DeliveryRecord): DeliveryRisk {
  if (record.ratio === null) return 'none';
  if (record.ratio >= DELIVERY_RATIO_GOOD) return 'good';
  if (record.ratio >= DELIVERY_RATIO_WATCH) return 'watch';
  return 'risky';
}
