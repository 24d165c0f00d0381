import { z } from 'zod';
import { toAsciiDigits } from '../phone';
import { envelope } from './reply';

/**
 * The business details the guidelines ask a shop to show (issue 27, decision
 * 0077), set by the owner: the trade licence, the DBID (Digital Business
 * Identity), the VAT BIN and the business address; each may be left empty
 * until the shop has it. With a BIN the invoice is a Mushak-6.3 VAT invoice,
 * at the VAT rate the shop's prices include.
 */
export const BUSINESS_MESSAGES = {
  tradeLicence: 'The trade licence number may have only letters, digits, "-" and "/" (at most 40).',
  dbid: 'The DBID may have only letters, digits and "-" (at most 30).',
  bin: 'The BIN must be 13 digits.',
  address: 'The business address is too long (at most 300 characters).',
  addressBn: 'The Bangla business address is too long (at most 300 characters).',
  vatRate: 'The VAT rate must be a percent from 0 to 100, with at most one decimal (for example 15 or 7.5).',
} as const;

/** Bengali digits read as digits; spaces trimmed. */
const cleaned = z.string().trim().transform(toAsciiDigits);

export const businessSettingsSchema = z.object({
  tradeLicence: cleaned.pipe(z.string().regex(/^[A-Za-z0-9/-]{0,40}$/, BUSINESS_MESSAGES.tradeLicence)).default(''),
  dbid: cleaned.pipe(z.string().regex(/^[A-Za-z0-9-]{0,30}$/, BUSINESS_MESSAGES.dbid)).default(''),
  // Written with dashes or spaces on many certificates ("000123456-0101"): kept as its 13 digits.
  bin: cleaned.transform((v) => v.replace(/[\s-]/g, '')).pipe(z.string().regex(/^(\d{13})?$/, BUSINESS_MESSAGES.bin)).default(''),
  address: z.string().trim().max(300, BUSINESS_MESSAGES.address).default(''),
  addressBn: z.string().trim().max(300, BUSINESS_MESSAGES.addressBn).default(''),
  vatRate: z.preprocess(
    (v) => (typeof v === 'string' ? Number(toAsciiDigits(v.trim()) || NaN) : v),
    z
      .number({ error: BUSINESS_MESSAGES.vatRate })
      .min(0, BUSINESS_MESSAGES.vatRate)
      .max(100, BUSINESS_MESSAGES.vatRate)
      .refine((v) => Number.isInteger(Math.round(v * 10 * 1000) / 1000), BUSINESS_MESSAGES.vatRate),
  ).default(15),
});
export type BusinessSettingsInput = z.input<typeof businessSettingsSchema>;
export type BusinessSettings = z.output<typeof businessSettingsSchema>;

export const businessSettingsViewSchema = z.object({
  tradeLicence: z.string(),
  dbid: z.string(),
  bin: z.string(),
  address: z.string(),
  addressBn: z.string(),
  vatRate: z.number(),
});
export const businessSettingsReplySchema = envelope(businessSettingsViewSchema);
