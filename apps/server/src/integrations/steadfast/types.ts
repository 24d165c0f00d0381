/**
 * Steadfast (packzy) API v1 shapes, field names exactly as the provider's
 * documentation has them (docs: bd-integrations reference, §3 Steadfast).
 */

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

export interface SteadfastConsignment {
  consignment_id: number;
  invoice: string;
  tracking_code: string;
  recipient_name: string;
  recipient_phone: string;
  recipient_address: string;
  cod_amount: number;
  status: SteadfastStatus | string;
  note: string | null;
  created_at: string;
  updated_at: string;
}

export interface SteadfastCreateOrderResponse {
  status: number;
  message: string;
  consignment: SteadfastConsignment;
}

/** One row of the bulk answer: the row's input echoed, plus the outcome. */
export interface SteadfastBulkRow {
  invoice: string;
  recipient_name?: string;
  recipient_phone?: string;
  recipient_address?: string;
  cod_amount?: number;
  note?: string | null;
  consignment_id: number | null;
  tracking_code: string | null;
  status: 'success' | 'error';
  /** Present on error rows: why the row was refused. */
  error?: string;
}

export interface SteadfastStatusResponse {
  status: number;
  delivery_status: SteadfastStatus | string;
}

export interface SteadfastBalanceResponse {
  status: number;
  current_balance: number;
}

/** `GET /fraud_check/{phone}`: the phone's parcel counts across Steadfast merchants. */
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
