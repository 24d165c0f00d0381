import { z } from 'zod';
import { COURIER_PROVIDERS } from './courier';
import { envelope, errorEnvelopeSchema } from './reply';

/**
 * Courier settlements (issue 44, decision 0112): what each courier owes the shop for the cash it collected,
 * matched parcel by parcel against its payouts. Amounts are paisa (whole numbers): a courier's 1 % COD fee
 * has decimals, and every sum stays exact.
 */

/** The couriers a payout can come from: every one the shop books with (RedX and Paperfly too, decisions 0122, 0129). */
export const SETTLEMENT_COURIERS = COURIER_PROVIDERS;
export type SettlementCourier = (typeof SETTLEMENT_COURIERS)[number];

export const RATE_ZONES = ['inside', 'outside'] as const;
export type RateZone = (typeof RATE_ZONES)[number];

/**
 * What became of one parcel: paid in full, paid short, charged above the rate card, not paid yet (with its age),
 * or a payout line for a parcel the shop never sent (paid but not ours).
 */
export const SETTLEMENT_OUTCOMES = ['paid', 'short', 'overcharged', 'unpaid', 'foreign'] as const;
export type SettlementOutcome = (typeof SETTLEMENT_OUTCOMES)[number];

/** Money owed by a courier, by days since delivery (or return). */
export const AGE_BUCKETS = ['0-7', '8-15', '16-30', '30+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export function ageBucket(days: number): AgeBucket {
  return days <= 7 ? '0-7' : days <= 15 ? '8-15' : days <= 30 ? '16-30' : '30+';
}

export const SETTLEMENT_MESSAGES = {
  courier: `courier must be one of ${SETTLEMENT_COURIERS.join(', ')}.`,
  zone: 'zone must be inside or outside.',
  charge: 'A charge must be a whole number of taka from 0 to 5,000.',
  codFee: 'The COD fee must be from 0 to 100 tenths of a percent (0–10 %).',
  note: 'Write a note of 1 to 500 characters.',
  consignment: 'consignment must be the courier’s consignment id.',
  format: 'format must be pathao or generic.',
  reference: 'The statement’s reference must be 1 to 100 characters.',
  column: 'Name the file’s column for each of consignment, collected, delivery charge, COD fee and paid.',
  date: 'The payout date must be YYYY-MM-DD.',
} as const;

const courier = z.enum(SETTLEMENT_COURIERS, { error: SETTLEMENT_MESSAGES.courier });
const charge = z.coerce.number({ error: SETTLEMENT_MESSAGES.charge }).int(SETTLEMENT_MESSAGES.charge).min(0, SETTLEMENT_MESSAGES.charge).max(5000, SETTLEMENT_MESSAGES.charge);

/** One courier and zone of the rate card. */
export const courierRateSchema = z.object({
  provider: courier,
  zone: z.enum(RATE_ZONES, { error: SETTLEMENT_MESSAGES.zone }),
  deliveryCharge: charge,
  /** Tenths of a percent of the COD collected (10 = 1 %). */
  codFeePermille: z.coerce.number({ error: SETTLEMENT_MESSAGES.codFee }).int(SETTLEMENT_MESSAGES.codFee).min(0, SETTLEMENT_MESSAGES.codFee).max(100, SETTLEMENT_MESSAGES.codFee),
  returnCharge: charge,
});
export type CourierRate = z.infer<typeof courierRateSchema>;
export const rateCardSchema = z.object({ rates: z.array(courierRateSchema).max(SETTLEMENT_COURIERS.length * RATE_ZONES.length) });
export type RateCardInput = z.infer<typeof rateCardSchema>;

/** Until the owner saves a rate card: Steadfast's and Pathao's published rates (80 / 130 taka, 1 % COD, return = half). */
export const DEFAULT_RATES: Record<RateZone, Omit<CourierRate, 'provider' | 'zone'>> = {
  inside: { deliveryCharge: 80, codFeePermille: 10, returnCharge: 40 },
  outside: { deliveryCharge: 130, codFeePermille: 10, returnCharge: 65 },
};

export const resolveSchema = z.object({
  provider: courier,
  consignmentId: z.string({ error: SETTLEMENT_MESSAGES.consignment }).trim().min(1, SETTLEMENT_MESSAGES.consignment).max(64, SETTLEMENT_MESSAGES.consignment),
  note: z.string({ error: SETTLEMENT_MESSAGES.note }).trim().min(1, SETTLEMENT_MESSAGES.note).max(500, SETTLEMENT_MESSAGES.note),
});
export type ResolveInput = z.infer<typeof resolveSchema>;

/** A statement file's fields besides the file: Pathao's export as it comes, or any CSV with its columns named. */
export const STATEMENT_FORMATS = ['pathao', 'generic'] as const;
export const STATEMENT_COLUMNS = ['consignment', 'collected', 'deliveryCharge', 'codFee', 'paid'] as const;
export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];
/** Pathao's payment statement export, its header row as we read it (decision 0112: to be checked against a real export). */
export const PATHAO_STATEMENT_COLUMNS: Record<StatementColumn, string> = {
  consignment: 'Consignment ID',
  collected: 'Collected Amount',
  deliveryCharge: 'Delivery Fee',
  codFee: 'COD Fee',
  paid: 'Payout Amount',
};
const columnName = z.string({ error: SETTLEMENT_MESSAGES.column }).trim().min(1, SETTLEMENT_MESSAGES.column).max(100, SETTLEMENT_MESSAGES.column);
export const statementFieldsSchema = z.object({
  format: z.enum(STATEMENT_FORMATS, { error: SETTLEMENT_MESSAGES.format }),
  provider: courier,
  reference: z.string({ error: SETTLEMENT_MESSAGES.reference }).trim().min(1, SETTLEMENT_MESSAGES.reference).max(100, SETTLEMENT_MESSAGES.reference),
  paidOn: z.string({ error: SETTLEMENT_MESSAGES.date }).regex(/^\d{4}-\d{2}-\d{2}$/, SETTLEMENT_MESSAGES.date),
  columns: z.object(Object.fromEntries(STATEMENT_COLUMNS.map((c) => [c, columnName])) as Record<StatementColumn, typeof columnName>).optional(),
});
export type StatementFields = z.infer<typeof statementFieldsSchema>;
/** A statement is at most this big and this long. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
export const STATEMENT_MAX_ROWS = 20_000;

/** One parcel as reconciled. */
export const settledParcelSchema = z.object({
  provider: z.string(),
  consignmentId: z.string(),
  /** The shop's order number; null for a line that is not ours. */
  orderNo: z.string().nullable(),
  /** A delivered parcel's COD, or a returned parcel's return charge; null when not ours. */
  kind: z.enum(['delivery', 'return']).nullable(),
  outcome: z.enum(SETTLEMENT_OUTCOMES),
  /** What the courier should have paid (negative: the shop owes it a return charge). */
  expectedPaisa: z.number(),
  paidPaisa: z.number(),
  /** expected − paid: how short; for an overcharge, how much above the rate card. */
  differencePaisa: z.number(),
  /** Days since delivery or return (for a parcel not paid yet: how long it has waited). */
  ageDays: z.number().nullable(),
  resolved: z.object({ note: z.string(), at: z.string() }).nullable(),
});
export type SettledParcel = z.infer<typeof settledParcelSchema>;

export const courierOwedSchema = z.object({
  provider: z.string(),
  /** What the courier still owes for parcels not paid yet and parcels paid short, exceptions resolved left out. */
  owedPaisa: z.number(),
  ageing: z.record(z.enum(AGE_BUCKETS), z.number()),
  unpaid: z.number(),
  exceptions: z.number(),
});
export type CourierOwed = z.infer<typeof courierOwedSchema>;

export const payoutSummarySchema = z.object({
  id: z.string(),
  provider: z.string(),
  reference: z.string(),
  source: z.enum(['api', 'file']),
  paidAt: z.string(),
  amountPaisa: z.number(),
  lines: z.number(),
  exceptions: z.number(),
});
export type PayoutSummary = z.infer<typeof payoutSummarySchema>;

export const settlementOverviewSchema = z.object({
  couriers: z.array(courierOwedSchema),
  cashWithCouriersPaisa: z.number(),
  /** Open exceptions first (oldest first), then the resolved ones. */
  exceptions: z.array(settledParcelSchema),
  payouts: z.array(payoutSummarySchema),
  rates: z.array(courierRateSchema),
});
export type SettlementOverview = z.infer<typeof settlementOverviewSchema>;
export const settlementOverviewReplySchema = envelope(settlementOverviewSchema);

export const payoutDetailSchema = payoutSummarySchema.extend({ parcels: z.array(settledParcelSchema) });
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;
export const payoutDetailReplySchema = envelope(payoutDetailSchema);

export const statementReportSchema = z.object({
  lines: z.number(),
  amountPaisa: z.number(),
  /** Bad rows: a code of the error catalogue and its parameters beside the English (decision 0058). */
  errors: z.array(z.object({ row: z.number(), message: z.string(), code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) })),
  /** Rows whose consignment is not a parcel of this shop (recorded as lines not ours). */
  unmatched: z.array(z.object({ row: z.number(), consignmentId: z.string() })),
  applied: z.boolean(),
  payoutId: z.string().nullable(),
});
export type StatementReport = z.infer<typeof statementReportSchema>;
export const statementReplySchema = envelope(statementReportSchema);
/** A statement with bad rows: 400 SETTLEMENT_ROWS_INVALID with the report. */
export const statementRefusalSchema = errorEnvelopeSchema.extend({ data: statementReportSchema.nullable() });
export const rateCardReplySchema = envelope(z.array(courierRateSchema));
export const resolvedReplySchema = envelope(settledParcelSchema);
export const pullReplySchema = envelope(z.object({ payouts: z.number(), lines: z.number() }));

/** The accounting export's period: a day's rows per day of a month, or a month's per month of a year. */
export const exportQuerySchema = z.object({
  period: z.enum(['daily', 'monthly'], { error: 'period must be daily or monthly.' }),
  from: z.string({ error: SETTLEMENT_MESSAGES.date }).regex(/^\d{4}-\d{2}-\d{2}$/, SETTLEMENT_MESSAGES.date),
  to: z.string({ error: SETTLEMENT_MESSAGES.date }).regex(/^\d{4}-\d{2}-\d{2}$/, SETTLEMENT_MESSAGES.date),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;
