import { z } from 'zod';
import { TEXT_LIMITS } from './limits';
import { normalizePhoneInput } from '../phone';

/** The couriers an order can be booked with (issue 13). 'sandbox' exists only outside production, without settings. */
export const COURIER_PROVIDERS = ['steadfast', 'pathao', 'sandbox'] as const;
export type CourierProvider = (typeof COURIER_PROVIDERS)[number];

export const COURIER_LABELS: Record<CourierProvider, string> = {
  steadfast: 'Steadfast',
  pathao: 'Pathao',
  sandbox: 'Sandbox courier (demo: no parcel is sent)',
};

/**
 * Where a parcel is, whatever the courier calls it. The shopper's /track page
 * shows the first five as its steps; the rest end a journey or only add a note.
 */
export const COURIER_STAGES = ['booked', 'picked', 'in_transit', 'delivered', 'partial', 'returned', 'cancelled', 'note'] as const;
export type CourierStage = (typeof COURIER_STAGES)[number];

/** The steps /track shows, in order: the order placed, then the courier's stages. */
export const TRACK_STEPS = [
  { key: 'placed', label: 'Placed' },
  { key: 'booked', label: 'Booked' },
  { key: 'picked', label: 'Picked' },
  { key: 'in_transit', label: 'In transit' },
  { key: 'delivered', label: 'Delivered' },
] as const;
export type TrackStepKey = (typeof TRACK_STEPS)[number]['key'];

const providerMessage = 'Choose a courier: steadfast or pathao.';
const provider = z.enum(COURIER_PROVIDERS, { error: providerMessage });

const placeId = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(1, `${label} must be a number.`)
    .max(2_147_483_647, `${label} is too large.`)
    .optional();

/** POST /order/{id}/courier. Pathao needs a city and a zone; Steadfast takes the address as text. */
export const bookCourierSchema = z
  .object({ provider, city_id: placeId('City'), zone_id: placeId('Zone'), area_id: placeId('Area') })
  .superRefine((v, ctx) => {
    if (v.provider === 'pathao' && (!v.city_id || !v.zone_id)) ctx.addIssue({ code: 'custom', path: ['city_id'], message: 'Pathao needs a city and a zone.' });
  });
export type BookCourierInput = z.input<typeof bookCourierSchema>;

/** The most orders one bulk booking takes: Steadfast's bulk-order limit. */
export const MAX_BULK_BOOKING = 500;

/** POST /courier/book. With Pathao each order's city and zone are the ones suggested from its address's city. */
export const bulkBookSchema = z.object({
  provider,
  orderIds: z
    .array(z.string().trim().min(1).max(TEXT_LIMITS.id), { error: 'Choose the orders to book.' })
    .min(1, 'Choose the orders to book.')
    .max(MAX_BULK_BOOKING, `At most ${MAX_BULK_BOOKING} orders at a time.`),
});

/** GET /order/track: the order number as the success page shows it, and the mobile it was placed with. */
export const trackQuerySchema = z.object({
  orderId: z.string({ error: 'Enter your order id.' }).trim().min(1, 'Enter your order id.').max(40, 'That is not an order id.'),
  mobile: z.string({ error: 'Enter the mobile number of the order.' }).trim().overwrite(normalizePhoneInput).min(1, 'Enter the mobile number of the order.').max(20, 'That is not a mobile number.'),
});
export type TrackQuery = z.infer<typeof trackQuerySchema>;

export interface CourierTimelineEntry {
  status: string;
  stage: CourierStage | 'placed';
  message: string;
  at: string;
}

/** An order's shipment, as every admin answer carries it under `courier`. */
export interface CourierView {
  provider: CourierProvider;
  consignment_id: string;
  tracking_code: string;
  /** The courier's own word for where the parcel is, e.g. 'in_review' or 'order.in-transit'. */
  status: string;
  stage: CourierStage;
  timeline: CourierTimelineEntry[];
}

/** What /track answers: the order's status and its timeline, nothing that names or locates the shopper. */
export interface TrackView {
  orderId: string;
  status: string;
  /** Each step, done or not; a courier that skips a step (Steadfast has no 'picked') leaves it done without a date. */
  steps: { key: TrackStepKey; label: string; done: boolean; at: string | null }[];
  timeline: CourierTimelineEntry[];
}

/** One line of a bulk booking's answer. */
export interface BookingResult {
  orderId: string;
  ok: boolean;
  message: string;
  courier: CourierView | null;
}
