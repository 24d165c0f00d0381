import { z } from 'zod';
import { TEXT_LIMITS } from './limits';
import { normalizePhoneInput } from '../phone';
import { envelope } from './reply';
import { chosenOptionSchema } from './variants';
import { RETURN_STATES } from '../returns';
import { COURIER_ZONES, isDistrictKey } from '../districts';

/** The couriers an order can be booked with (issue 13). 'sandbox' exists only outside production, without settings. */
export const COURIER_PROVIDERS = ['steadfast', 'pathao', 'redx', 'paperfly', 'sandbox'] as const;
export type CourierProvider = (typeof COURIER_PROVIDERS)[number];

export const COURIER_LABELS: Record<CourierProvider, string> = {
  steadfast: 'Steadfast',
  pathao: 'Pathao',
  redx: 'RedX',
  paperfly: 'Paperfly',
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

const providerMessage = 'Choose a courier: steadfast, pathao, redx or paperfly.';
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

/** POST /courier/book. With Pathao each order's city and zone are the ones suggested from its address's city; 'suggested': each order with the courier of its district (decision 0122). */
export const bulkBookSchema = z.object({
  provider: z.union([provider, z.literal('suggested')], { error: providerMessage }),
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

export const courierTimelineEntrySchema = z.object({ status: z.string(), stage: z.enum([...COURIER_STAGES, 'placed']), message: z.string(), at: z.string() });
export type CourierTimelineEntry = z.infer<typeof courierTimelineEntrySchema>;

/** An order's shipment, as every admin answer carries it under `courier`. */
export const courierViewSchema = z.object({
  provider: z.enum(COURIER_PROVIDERS),
  consignment_id: z.string(),
  tracking_code: z.string(),
  /** The courier's own word for where the parcel is, e.g. 'in_review' or 'order.in-transit'. */
  status: z.string(),
  stage: z.enum(COURIER_STAGES),
  timeline: z.array(courierTimelineEntrySchema),
});
export type CourierView = z.infer<typeof courierViewSchema>;

/**
 * A booking the courier could not take yet (decision 0080): queued to be tried again by the job queue, or failed
 * after its last try. In the admin's answers only, while the order has no shipment.
 */
export const courierBookingSchema = z.object({
  provider: z.enum(COURIER_PROVIDERS),
  state: z.enum(['queued', 'failed']),
  /** Tries made so far, of at most max_attempts. */
  attempts: z.number(),
  max_attempts: z.number(),
  /** When it is tried next (queued); null once failed. */
  next_try_at: z.string().nullable(),
  /** Why the last try did not book, in the courier's or the transport's words. */
  error: z.string(),
  /** The job's id, for POST /jobs/{id}/retry once it failed. */
  job_id: z.string(),
});
export type CourierBooking = z.infer<typeof courierBookingSchema>;

/**
 * The money of an order as /track shows it (issue 42): what a COD shopper hands the rider, what was paid,
 * the refunds, and each exchange's from and to options. Amounts of that order only, whole taka.
 */
export const trackAmountsSchema = z.object({
  total: z.number(),
  paid: z.number(),
  due_on_delivery: z.number(),
  /** 'due': owed and not sent yet (a bKash refund it refused too); 'done': sent. */
  refunds: z.array(z.object({ amount: z.number(), state: z.enum(['due', 'done']) })),
  exchanges: z.array(
    z.object({
      name: z.string(),
      name_bn: z.string(),
      quantity: z.number(),
      from: z.array(chosenOptionSchema),
      to: z.array(chosenOptionSchema),
      state: z.enum(RETURN_STATES),
    }),
  ),
});
export type TrackAmounts = z.infer<typeof trackAmountsSchema>;

/** What /track answers: the order's status, its timeline and its amounts, nothing that names or locates the shopper. */
export const trackViewSchema = z.object({
  orderId: z.string(),
  status: z.string(),
  /** Each step, done or not; a courier that skips a step (Steadfast has no 'picked') leaves it done without a date. */
  steps: z.array(z.object({ key: z.enum(TRACK_STEPS.map((s) => s.key) as [TrackStepKey, ...TrackStepKey[]]), label: z.string(), done: z.boolean(), at: z.string().nullable() })),
  timeline: z.array(courierTimelineEntrySchema),
  amounts: trackAmountsSchema,
  /** An exchange's replacement order (issue 42): the number of the order whose items it replaces; null for any other order. */
  exchange_for: z.string().nullable(),
});
export type TrackView = z.infer<typeof trackViewSchema>;
export const trackReplySchema = envelope(trackViewSchema);

/**
 * One line of a bulk booking's answer. `code` and `params` say the outcome for the web to translate
 * (decision 0058): 'BOOKED' with { tracking } when booked, else the refusal's code of the error catalogue.
 */
export const bookingResultSchema = z.object({
  orderId: z.string(),
  ok: z.boolean(),
  message: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  courier: courierViewSchema.nullable(),
});
export type BookingResult = z.infer<typeof bookingResultSchema>;
export const bookingReplySchema = envelope(z.array(bookingResultSchema));

/** GET /courier/providers: the couriers set up on this shop, and whether each offers city and zone lists. */
/** A courier set up on this shop; `places`: it needs a city and zone (Pathao). */
export const providerOptionSchema = z.object({ provider: z.enum(COURIER_PROVIDERS), label: z.string(), places: z.boolean() });
export type ProviderOption = z.infer<typeof providerOptionSchema>;
export const courierProvidersReplySchema = envelope(z.array(providerOptionSchema));
/** GET /courier/pathao/places: cities, zones or areas. */
export const placeSchema = z.object({ id: z.number(), name: z.string() });
export type Place = z.infer<typeof placeSchema>;
export const courierPlacesReplySchema = envelope(z.array(placeSchema));
/** GET /order/{id}/courier: see courierSuggestionSchema. */
export const placeSuggestionReplySchema = envelope(z.lazy(() => courierSuggestionSchema));
/** The Steadfast webhook's answers (its own shape, not the envelope). */
export const steadfastWebhookReplySchema = z.object({ status: z.string(), message: z.string() });
/** The Pathao webhook's answers (its own shape, not the envelope). */
export const pathaoWebhookReplySchema = z.object({ message: z.string() });
/** The RedX webhook's answers (its own shape, not the envelope). */
export const redxWebhookReplySchema = z.object({ success: z.boolean(), message: z.string() });
/** The Paperfly webhook's answers (its own shape, not the envelope; decision 0129). */
export const paperflyWebhookReplySchema = z.object({ success: z.boolean(), message: z.string() });

/** The fallback rule's area: every address no district or zone rule names. */
export const FALLBACK_AREA = '*';

/** One of the owner's courier rules (decision 0122): a district key or a zone, and its courier. */
export const courierRuleSchema = z.object({
  area: z
    .string({ error: 'Choose a district or a zone.' })
    .refine((a) => isDistrictKey(a) || (COURIER_ZONES as readonly string[]).includes(a), 'Choose a district or a zone.'),
  provider,
});
export type CourierRule = z.infer<typeof courierRuleSchema>;

/** PUT /courier/rules: every rule at once (replacing the old ones), and the fallback courier (null: none). */
export const courierRulesSchema = z
  .object({ rules: z.array(courierRuleSchema).max(66, 'At most one rule per district and zone.'), fallback: provider.nullable() })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    for (const [i, r] of v.rules.entries()) {
      if (seen.has(r.area)) ctx.addIssue({ code: 'custom', path: ['rules', i, 'area'], message: 'Each district or zone may have one courier only.' });
      seen.add(r.area);
    }
  });
export type CourierRules = z.infer<typeof courierRulesSchema>;
export const courierRulesReplySchema = envelope(courierRulesSchema);

/** One courier on an order's card (decision 0122): its price for the parcel and the shop's own history with it in the district. */
export const courierOptionSchema = z.object({
  provider: z.enum(COURIER_PROVIDERS),
  /** What the courier charges for this parcel, whole taka; null when it cannot say (no price API, or unreachable). */
  price: z.number().nullable(),
  /** Where the price comes from: the courier's own price API, or the owner's rate card (settlements); null without a price. */
  price_source: z.enum(['courier', 'rate_card']).nullable(),
  /** This shop's finished parcels with this courier in the address's district: delivered, and all that ended. */
  delivered: z.number(),
  finished: z.number(),
});
export type CourierOption = z.infer<typeof courierOptionSchema>;

/** GET /order/{id}/courier: Pathao's city and zone (nulls when unsure), and the courier suggested for the address with every courier's option. */
export const courierSuggestionSchema = z.object({
  city_id: z.number().nullable(),
  zone_id: z.number().nullable(),
  /** The address's district key, null when it names none. */
  district: z.string().nullable(),
  /** The courier the owner's rules give this address, null when none applies or it is not set up. */
  suggested: z.enum(COURIER_PROVIDERS).nullable(),
  /** Which rule gave it: the district's, the zone's, or the fallback. */
  rule: z.enum(['district', 'zone', 'fallback']).nullable(),
  options: z.array(courierOptionSchema),
});
export type CourierSuggestion = z.infer<typeof courierSuggestionSchema>;
