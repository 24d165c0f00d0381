import { z } from 'zod';
import type { OrderStatus } from '../constants';

/** The owner's dashboard (issue 14): how many days back, and the low-stock line. */
export const DASHBOARD_DAYS = { min: 1, max: 365, default: 30 } as const;
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
export const MAX_LOW_STOCK_THRESHOLD = 100_000;
/** The low-stock table lists this many products (the fewest in stock first); lowStock.total counts them all. */
export const LOW_STOCK_LIST_LIMIT = 50;

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
export interface DashboardSettings {
  lowStockThreshold: number;
}

/** A count of orders and their taka. */
export interface OrdersAndTaka {
  orders: number;
  taka: number;
}

export interface DashboardDay extends OrdersAndTaka {
  /** The day in Asia/Dhaka, YYYY-MM-DD. */
  date: string;
}

export interface DashboardProduct {
  productId: string;
  name: string;
  units: number;
  taka: number;
}

export interface LowStockProduct {
  productId: string;
  name: string;
  stock: number;
}

/**
 * GET /dashboard/summary: every figure of the owner's dashboard. A sale is an
 * order placed in the period that is not cancelled or returned and whose
 * gateway payment (if any) went through (decision 0041).
 */
export interface DashboardSummary {
  days: number;
  /** The first and last day of the period, in Asia/Dhaka (YYYY-MM-DD). */
  from: string;
  to: string;
  /** Sales per day, oldest first, one entry for every day (zero when none). */
  salesPerDay: DashboardDay[];
  /** The period's sales in all. */
  sales: OrdersAndTaka;
  /** Every order placed in the period, sale or not, by its status (every status present). */
  ordersByStatus: Record<OrderStatus, number>;
  topByUnits: DashboardProduct[];
  topByTaka: DashboardProduct[];
  lowStock: { threshold: number; total: number; products: LowStockProduct[] };
  /** Sales paid in cash on delivery against those paid by a wallet (bKash, Rocket, Nagad). */
  payments: { cod: OrdersAndTaka; wallet: OrdersAndTaka };
  /** Parcels booked with a courier in the period and how many came back (returned or cancelled by the courier); share is returned / handed, 0 when none. */
  returns: { handed: number; returned: number; share: number };
}
