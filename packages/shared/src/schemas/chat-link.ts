import { z } from 'zod';
import { addressSchema, RECIPIENT_NAME_REQUIRED } from './address';
import { TEXT_LIMITS } from './limits';
import { orderLineSchema } from './order';
import { voucherCodeField } from './promotion';
import { chosenOptionSchema } from './variants';
import { envelope } from './reply';
import { normalizePhoneInput } from '../phone';
import { MOBILE_LENGTH } from '../constants';

/** How long a chat order's link lasts when the owner has chosen nothing (issue 45, decision 0118). */
export const CHAT_LINK_DEFAULT_HOURS = 48;
const HOURS_MESSAGE = 'A link must last from 1 to 720 hours.';

/**
 * POST /chat-links (staff, issue 45): the cart staff built on the phone-order page for a buyer in a chat. The buyer's
 * mobile is where Haat may text the link; the buyer types the address themselves when they open it.
 */
export const chatLinkCreateSchema = z.object({
  customer: z.object({
    name: z.string().trim().max(TEXT_LIMITS.personName, 'Name is too long').optional().transform((v) => v ?? ''),
    mobile: z
      .string()
      .trim()
      .overwrite(normalizePhoneInput)
      .refine((v) => v === '' || new RegExp(`^\\d{${MOBILE_LENGTH}}$`).test(v), `Mobile number must be exactly ${MOBILE_LENGTH} digits`)
      .optional()
      .transform((v) => v ?? ''),
  }),
  list_items: z.array(orderLineSchema, { error: 'Add at least one product.' }).min(1, 'Add at least one product.').max(100, 'Too many items in one order.'),
  voucher_code: voucherCodeField,
  note: z.string().trim().max(1000, 'Note is too long').optional().transform((v) => v ?? ''),
});
export type ChatLinkCreateInput = z.input<typeof chatLinkCreateSchema>;
export type ChatLinkCreate = z.output<typeof chatLinkCreateSchema>;

/** POST /chat-links/{token}/order: the buyer's own address (the recipient's name required) and the consent box, ticked. */
export const chatLinkConfirmSchema = z.object({
  address: addressSchema.extend({ name: z.string({ error: RECIPIENT_NAME_REQUIRED }).trim().min(1, RECIPIENT_NAME_REQUIRED).max(TEXT_LIMITS.personName, 'Name is too long') }),
  consent: z.literal(true, { error: 'Please agree to the terms and the use of your data to place the order.' }),
});
export type ChatLinkConfirmInput = z.input<typeof chatLinkConfirmSchema>;

/** The owner's chat-link setting: how many hours a link lasts. */
export const chatLinkSettingsSchema = z.object({
  hours: z.coerce.number({ error: HOURS_MESSAGE }).int(HOURS_MESSAGE).min(1, HOURS_MESSAGE).max(720, HOURS_MESSAGE),
});
export type ChatLinkSettings = z.output<typeof chatLinkSettingsSchema>;
export const chatLinkSettingsReplySchema = envelope(chatLinkSettingsSchema);

/**
 * A link's state as the buyer and staff see it: open, expired (past its time), used (its order placed), or stale
 * (a price changed, or stock is short, since staff made or refreshed it: refused until staff refresh it).
 */
export const CHAT_LINK_STATES = ['open', 'expired', 'used', 'stale'] as const;
export type ChatLinkState = (typeof CHAT_LINK_STATES)[number];

const chatLinkLineSchema = z.object({
  product_id: z.string(),
  variant_id: z.string().optional(),
  name: z.string(),
  name_bn: z.string(),
  image: z.string().nullable(),
  options: z.array(chosenOptionSchema),
  quantity: z.number(),
  /** The unit price now (after the product's own discount); promotions are priced when the order is placed. */
  unit_price: z.number(),
});

export const chatLinkViewSchema = z.object({
  _id: z.string(),
  token: z.string(),
  /** The buyer's page, absolute when the shop's public URL is known. */
  url: z.string(),
  state: z.enum(CHAT_LINK_STATES),
  customer_name: z.string(),
  mobile: z.string(),
  voucher_code: z.string(),
  note: z.string(),
  lines: z.array(chatLinkLineSchema),
  items_total: z.number(),
  expires_at: z.string(),
  /** The order number once the buyer placed it. */
  order_number: z.string().nullable(),
});
export type ChatLinkView = z.infer<typeof chatLinkViewSchema>;
export const chatLinkReplySchema = envelope(chatLinkViewSchema);

/** What the buyer's page reads: the link without its staff fields. */
export const chatLinkPublicSchema = chatLinkViewSchema.omit({ mobile: true, note: true, customer_name: true });
export type ChatLinkPublic = z.infer<typeof chatLinkPublicSchema>;
export const chatLinkPublicReplySchema = envelope(chatLinkPublicSchema);
