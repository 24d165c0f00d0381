import { z } from 'zod';
import { normalizePhone } from '../phone';
import { envelope } from './reply';

/**
 * Checkout recovery (issue 45, decision 0117): the owner's settings. Up to three SMS, each the given hours after the
 * checkout was last changed; never between 21:00 and 09:00 Dhaka time (a step due then goes at 09:00).
 */
export const RECOVERY_MAX_DELAY_HOURS = 720;
const SETTINGS_MESSAGE = 'Give one to three delays in hours, each later than the one before and at most 720 hours (30 days).';

export const recoverySettingsSchema = z.object({
  on: z.boolean({ error: 'On must be true or false.' }),
  delays_hours: z
    .array(z.number({ error: SETTINGS_MESSAGE }).int(SETTINGS_MESSAGE).min(1, SETTINGS_MESSAGE).max(RECOVERY_MAX_DELAY_HOURS, SETTINGS_MESSAGE), { error: SETTINGS_MESSAGE })
    .min(1, SETTINGS_MESSAGE)
    .max(3, SETTINGS_MESSAGE)
    .refine((d) => d.every((h, i) => i === 0 || h > d[i - 1]!), SETTINGS_MESSAGE),
  /** The last SMS's voucher: a single-use code for this many taka off (0 = none), valid 7 days; at most 2000 taka. */
  voucher_taka: z.number({ error: 'The voucher is whole taka from 0 to 2000.' }).int('The voucher is whole taka from 0 to 2000.').min(0, 'The voucher is whole taka from 0 to 2000.').max(2000, 'The voucher is whole taka from 0 to 2000.'),
  /** The voucher applies from this subtotal (taka). */
  voucher_min_subtotal: z.number({ error: 'The voucher minimum is whole taka from 0 to 100000.' }).int('The voucher minimum is whole taka from 0 to 100000.').min(0, 'The voucher minimum is whole taka from 0 to 100000.').max(100_000, 'The voucher minimum is whole taka from 0 to 100000.'),
});
export type RecoverySettings = z.infer<typeof recoverySettingsSchema>;
export const recoverySettingsReplySchema = envelope(recoverySettingsSchema);

/** One week (from Monday, Dhaka time) of recovery: SMS sent, links opened, checkouts recovered by an order and their revenue. */
export const recoveryWeekSchema = z.object({ week: z.string(), sent: z.number(), clicked: z.number(), recovered: z.number(), revenue: z.number() });
export type RecoveryWeek = z.infer<typeof recoveryWeekSchema>;
export const recoveryWeeksReplySchema = envelope(z.array(recoveryWeekSchema));

/** What a recovery link reopens: the cart's lines and the address as typed; the voucher code when the SMS carried one. */
export const recoveredCheckoutSchema = z.object({
  lines: z.array(z.object({ product_id: z.string(), variant_id: z.string().optional(), quantity: z.number() })),
  mobile: z.string(),
  name: z.string(),
  address_line: z.string(),
  city: z.string(),
  lang: z.enum(['en', 'bn']),
  voucher_code: z.string().nullable(),
});
export type RecoveredCheckout = z.infer<typeof recoveredCheckoutSchema>;
export const recoveredCheckoutReplySchema = envelope(recoveredCheckoutSchema);

export const recoveryTokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'This link has expired or is not valid.') });
export const recoveryStopReplySchema = envelope(z.object({ stopped: z.boolean() }));

/**
 * POST /sms/inbound (decision 0131): a reply the SMS gateway forwards — the sender's mobile in any spelling
 * (8801…, +880…, 01…) and the text. A reply STOP or বন্ধ stops recovery SMS and back-in-stock alerts to it.
 */
export const smsInboundSchema = z.object({
  from: z.string({ error: 'Valid mobile number required' }).transform((v, ctx) => normalizePhone(v) ?? (ctx.addIssue({ code: 'custom', message: 'Valid mobile number required' }), z.NEVER)),
  text: z.string({ error: 'The reply’s text is required.' }).max(1600, 'The reply is too long.'),
});
export const smsInboundReplySchema = envelope(z.object({ stopped: z.boolean() }));
