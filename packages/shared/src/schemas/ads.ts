import { z } from 'zod';
import { envelope } from './reply';

/** Ad and analytics settings (issue 45, decision 0119): each platform is on when its ids (and token) are set. */
const id = (pattern: RegExp, message: string) => z.string().trim().max(100, message).refine((v) => v === '' || pattern.test(v), message);
const secret = z.string().trim().max(500, 'The token is too long.');

/** PUT /ads/settings: a token left out or blank keeps the one saved; null removes it. */
export const adSettingsSchema = z.object({
  meta_pixel_id: id(/^\d{5,20}$/, 'The Meta Pixel id is 5 to 20 digits.'),
  meta_capi_token: secret.nullish(),
  meta_purchase_at: z.enum(['order', 'delivery'], { error: 'Choose when a cash-on-delivery Purchase is sent: at order or at delivery.' }),
  ga_measurement_id: id(/^G-[A-Z0-9]{4,20}$/, 'The GA4 measurement id looks like G-XXXXXXX.'),
  ga_api_secret: secret.nullish(),
});
export type AdSettingsInput = z.input<typeof adSettingsSchema>;

/** What the owner's page reads: the ids, and only whether each token is set (a token never leaves the server). */
export const adSettingsViewSchema = z.object({
  meta_pixel_id: z.string(),
  meta_capi_token_set: z.boolean(),
  meta_purchase_at: z.enum(['order', 'delivery']),
  ga_measurement_id: z.string(),
  ga_api_secret_set: z.boolean(),
});
export type AdSettingsView = z.infer<typeof adSettingsViewSchema>;
export const adSettingsReplySchema = envelope(adSettingsViewSchema);

/** GET /ads/public: the ids the browser loads the Pixel and gtag with, after the shopper's yes; '' = off. */
export const adPublicSchema = z.object({ meta_pixel_id: z.string(), ga_measurement_id: z.string() });
export type AdPublic = z.infer<typeof adPublicSchema>;
export const adPublicReplySchema = envelope(adPublicSchema);

/**
 * The browser's events besides Purchase (decision 0131) and the one event id the Pixel and the Conversions API carry
 * for each, so Meta keeps one: `<event>.<random>`. Made by the browser, checked by the server.
 */
export const AD_BROWSER_EVENTS = { view_item: 'ViewContent', add_to_cart: 'AddToCart', begin_checkout: 'InitiateCheckout' } as const;
export type AdBrowserEvent = keyof typeof AD_BROWSER_EVENTS;
const eventNames = Object.keys(AD_BROWSER_EVENTS) as [AdBrowserEvent, ...AdBrowserEvent[]];

/** POST /ads/events: what the Pixel was just told, for the server's copy to Meta's Conversions API. */
export const adBrowserEventSchema = z
  .object({
    name: z.enum(eventNames, { error: 'Unknown event.' }),
    event_id: z.string().regex(/^[a-z_]+\.[A-Za-z0-9-]{8,64}$/, 'The event id is the event’s name, a dot and 8 to 64 letters or digits.'),
    url: z.string().url('The page is a web address.').max(500, 'The page address is too long.').optional(),
    items: z
      .array(z.object({ id: z.string().min(1).max(64), quantity: z.number().int().min(1).max(1000), price: z.number().min(0).max(10_000_000) }))
      .min(1, 'At least one item.')
      .max(50, 'At most 50 items.'),
  })
  .refine((e) => e.event_id.startsWith(`${e.name}.`), { message: 'The event id starts with the event’s name.', path: ['event_id'] });
export type AdBrowserEventInput = z.infer<typeof adBrowserEventSchema>;
export const adBrowserEventReplySchema = envelope(z.object({ queued: z.boolean() }));
