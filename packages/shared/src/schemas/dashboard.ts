import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { RETURN_RECORD_REASONS } from '../returns';
import { envelope } from './reply';
import { chosenOptionSchema } from './variants';

/** The owner's dashboard (issue 14): how many days back, and the low-stock line. */
export const DASHBOARD_DAYS = { min: 1, max: 365, default: 30 } as const;
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
export const MAX_LOW_STOCK_THRESHOLD = 100_000;
/** The low-stock table lists this many products (the fewest in stock first); lowStock.total counts them all. */
export const LOW_STOCK_LIST_LIMIT = 50;
/** The overdue orders are counted up to this many; above it the dashboard says "1,000+" (decision 0076). */
export const OVERDUE_COUNT_LIMIT = 1000;

const daysMessage = `days must be a whole number from ${DASHBOARD_DAYS.min} to ${DASHBOARD_DAYS.max}.`;

/** GET /dashboard/summary?days=30. '' or missing → 30; anything else must be a whole 1–365. */
export const dashboardQuerySchema = z.object({
  days: z.preprocess(
    (v) => (v === undefined || v === '' ? DASHBOARD_DAYS.default : v),
    z.coerce.number({ error: daysMessage }).int(daysMessage).min(DASHBOARD_DAYS.min, daysMessage).max(DASHBOARD_DAYS.max, daysMessage),
  ),
});

const thresholdMessage = `The low-stock level must be a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD}.`;

/** PUT /dashboard/settings: stock at or below this counts as low. */
export const dashboardSettingsSchema = z.object({
  lowStockThreshold: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: thresholdMessage })
      .int(thresholdMessage)
      .min(0, thresholdMessage)
      .max(MAX_LOW_STOCK_THRESHOLD, thresholdMessage),
  ),
});
export type DashboardSettingsInput = z.infer<typeof dashboardSettingsSchema>;
export const dashboardSettingsViewSchema = z.object({ lowStockThreshold: z.number() });
export type DashboardSettings = z.infer<typeof dashboardSettingsViewSchema>;
export const dashboardSettingsReplySchema = envelope(dashboardSettingsViewSchema);

/** A count of orders and their taka. */
export const ordersAndTakaSchema = z.object({ orders: z.number(), taka: z.number() });
export type OrdersAndTaka = z.infer<typeof ordersAndTakaSchema>;

export const dashboardDaySchema = ordersAndTakaSchema.extend({
  /** The day in Asia/Dhaka, YYYY-MM-DD. */
  date: z.string(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/** Which variant (issue 21): its id, SKU and chosen options ("Size: L, Colour: Red"); null, '' and [] for a product without options. */
const variantFields = { variantId: z.string().nullable(), sku: z.string(), options: z.array(chosenOptionSchema) };

export const dashboardProductSchema = z.object({ productId: z.string(), name: z.string(), units: z.number(), taka: z.number(), ...variantFields });
export type DashboardProduct = z.infer<typeof dashboardProductSchema>;

/** A product, or a variant of one, at or below the low-stock level. */
export const lowStockProductSchema = z.object({ productId: z.string(), name: z.string(), stock: z.number(), ...variantFields });
export type LowStockProduct = z.infer<typeof lowStockProductSchema>;

/**
 * GET /dashboard/summary: every figure of the owner's dashboard. A sale is an
 * order placed in the period that is not cancelled or returned and whose
 * gateway payment (if any) went through (decision 0041).
 */
export const dashboardSummarySchema = z.object({
  days: z.number(),
  /** The first and last day of the period, in Asia/Dhaka (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  /** Sales per day, oldest first, one entry for every day (zero when none). */
  salesPerDay: z.array(dashboardDaySchema),
  /** The period's sales in all. */
  sales: ordersAndTakaSchema,
  /** Every order placed in the period, sale or not, by its status (every status present). */
  ordersByStatus: z.record(z.enum(ORDER_STATUSES), z.number()),
  topByUnits: z.array(dashboardProductSchema),
  topByTaka: z.array(dashboardProductSchema),
  lowStock: z.object({ threshold: z.number(), total: z.number(), products: z.array(lowStockProductSchema) }),
  /** Sales paid in cash on delivery against those paid by a wallet (bKash, Rocket, Nagad). */
  payments: z.object({ cod: ordersAndTakaSchema, wallet: ordersAndTakaSchema }),
  /** Parcels booked with a courier in the period and how many came back (returned or cancelled by the courier); share is returned / handed, 0 when none. */
  returns: z.object({ handed: z.number(), returned: z.number(), share: z.number() }),
  /** Orders with a due time passed and not met, now, whatever the period (issue 27, decision 0076); OVERDUE_COUNT_LIMIT + 1 means more than the limit. */
  overdueOrders: z.number(),
  /**
   * Returns and refunds in the period (issue 27, decision 0075): returns asked for (shoppers' and couriers', not
   * rejected) by reason and by product (units), the refunds made in taka, and net sales (sales less those refunds).
   */
  afterSales: z.object({
    byReason: z.array(z.object({ reason: z.enum(RETURN_RECORD_REASONS), returns: z.number(), units: z.number() })),
    byProduct: z.array(z.object({ productId: z.string().nullable(), name: z.string(), units: z.number() })),
    refunds: ordersAndTakaSchema,
    netSales: z.number(),
  }),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
export const dashboardSummaryReplySchema = envelope(dashboardSummarySchema);
