/**
 * Steadfast (packzy) API v1 shapes, field names exactly as the provider's
 * documentation has them (docs: bd-integrations reference, §3 Steadfast).
 */
import { z } from 'zod';

/** Every delivery_status the API documents. */
export const STEADFAST_STATUSES = [
  'pending',
  'delivered_approval_pending',
  'partial_delivered_approval_pending',
  'cancelled_approval_pending',
  'unknown_approval_pending',
  'delivered',
  'partial_delivered',
  'cancelled',
  'hold',
  'in_review',
  'unknown',
] as const;
export type SteadfastStatus = (typeof STEADFAST_STATUSES)[number];

/** One parcel to book: `POST /create_order`, or one row of `POST /create_order/bulk-order`. */
export interface SteadfastOrderInput {
  /** Unique per merchant, [A-Za-z0-9_-]. We use the order id. */
  invoice: string;
  recipient_name: string;
  /** 11 digits, 01XXXXXXXXX. */
  recipient_phone: string;
  alternative_phone?: string;
  recipient_email?: string;
  recipient_address: string;
  /** Taka to collect, 0 for a paid order. */
  cod_amount: number;
  note?: string;
  item_description?: string;
  total_lot?: number;
  /** 0 home delivery, 1 point (hub) delivery. */
  delivery_type?: 0 | 1;
}

/*
 * Answers' shapes as zod schemas: every answer is parsed, never cast. Fields
 * the shop reads are checked; the rest pass through as the provider sent them.
 */

const consignmentSchema = z.looseObject({
  consignment_id: z.number(),
  invoice: z.string(),
  tracking_code: z.string(),
  recipient_name: z.string(),
  recipient_phone: z.string(),
  recipient_address: z.string(),
  cod_amount: z.number(),
  status: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SteadfastConsignment = z.output<typeof consignmentSchema>;

export const createOrderSchema = z.looseObject({ status: z.number(), message: z.string(), consignment: consignmentSchema });
export type SteadfastCreateOrderResponse = z.output<typeof createOrderSchema>;

/** One row of the bulk answer: the row's input echoed, plus the outcome. */
const bulkRowSchema = z.looseObject({
  invoice: z.string(),
  recipient_name: z.string().optional(),
  recipient_phone: z.string().optional(),
  recipient_address: z.string().optional(),
  cod_amount: z.number().optional(),
  note: z.string().nullable().optional(),
  consignment_id: z.number().nullable(),
  tracking_code: z.string().nullable(),
  status: z.enum(['success', 'error']),
  /** Present on error rows: why the row was refused. */
  error: z.string().optional(),
});
export type SteadfastBulkRow = z.output<typeof bulkRowSchema>;
export const bulkRowsSchema = z.array(bulkRowSchema);

export const statusSchema = z.looseObject({ status: z.number(), delivery_status: z.string() });
export type SteadfastStatusResponse = z.output<typeof statusSchema>;

export const balanceSchema = z.looseObject({ status: z.number(), current_balance: z.number() });
export type SteadfastBalanceResponse = z.output<typeof balanceSchema>;

/** A count, which Steadfast sometimes sends as a numeric string. */
const count = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().int().nonnegative());

/** `GET /fraud_check/{phone}`: the phone's parcel counts across Steadfast merchants. */
export const fraudCheckSchema = z.looseObject({
  total_parcels: count.optional().catch(undefined),
  total_delivered: count,
  total_cancelled: count,
});
export interface SteadfastFraudCheckResponse {
  total_parcels?: number;
  total_delivered: number;
  total_cancelled: number;
}

/** Webhook bodies Steadfast POSTs to the merchant's URL with `Authorization: Bearer <token>`. */
export interface SteadfastDeliveryStatusWebhook {
  notification_type: 'delivery_status';
  consignment_id: number;
  invoice: string;
  cod_amount: number;
  status: SteadfastStatus | string;
  delivery_charge: number;
  tracking_message: string;
  /** 'YYYY-MM-DD HH:MM:SS' */
  updated_at: string;
}
export interface SteadfastTrackingUpdateWebhook {
  notification_type: 'tracking_update';
  consignment_id: number;
  invoice: string;
  tracking_message: string;
  updated_at: string;
}
export type SteadfastWebhook = SteadfastDeliveryStatusWebhook | SteadfastTrackingUpdateWebhook;

/** Steadfast allows at most this many rows per bulk-order call. */
export const STEADFAST_BULK_LIMIT = 500;

/*
 * Payouts (issue 44, decision 0112): `GET /payments` lists the merchant's payments, `GET /payments/{payment_id}`
 * answers one with the consignments it paid. The paths are in Steadfast's API v1 document; the fields are not,
 * so these are the names public client code reads (id, amount, status, created_at, updated_at; a consignment's
 * consignment_id, invoice, tracking_code, cod_amount, delivery_charge, status) plus `cod_charge` and
 * `paid_amount` for the COD fee and the money paid for it. Amounts are taka, possibly with decimals (the 1 % COD
 * fee), sometimes as numeric strings; the client reads them as numbers. Check against the merchant portal before
 * going live.
 */
const taka = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().finite());

const paymentSchema = z.looseObject({
  id: z.number(),
  amount: taka,
  status: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SteadfastPayment = z.output<typeof paymentSchema>;
/** A bare list, or the list under `data` (Laravel's paginated answer): both are read. */
export const paymentsSchema = z.union([z.array(paymentSchema), z.looseObject({ data: z.array(paymentSchema) }).transform((b) => b.data)]);

const paymentConsignmentSchema = z.looseObject({
  consignment_id: z.number(),
  invoice: z.string(),
  tracking_code: z.string().optional(),
  cod_amount: taka,
  delivery_charge: taka,
  cod_charge: taka,
  paid_amount: taka,
  status: z.string().optional(),
});
export type SteadfastPaymentConsignment = z.output<typeof paymentConsignmentSchema>;
export const paymentDetailSchema = paymentSchema.extend({ consignments: z.array(paymentConsignmentSchema) });
export type SteadfastPaymentDetail = z.output<typeof paymentDetailSchema>;
