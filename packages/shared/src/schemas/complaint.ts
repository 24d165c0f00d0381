import { z } from 'zod';
import { COMPLAINT_MESSAGES } from '../complaint-messages';
import { normalizePhoneInput } from '../phone';
import { TEXT_LIMITS } from './limits';
import { envelope, listEnvelope } from './reply';

/**
 * The complaints form (issue 27, decision 0077): anyone may complain, with a
 * name, a mobile to be called back on, the order number if there is one, and
 * what happened. The owner acts on it within the guidelines' 72 hours.
 */
export const complaintInputSchema = z.object({
  name: z.string({ error: COMPLAINT_MESSAGES.name }).trim().min(1, COMPLAINT_MESSAGES.name).max(TEXT_LIMITS.personName, COMPLAINT_MESSAGES.nameLong),
  mobile: z.string({ error: COMPLAINT_MESSAGES.mobile }).trim().overwrite(normalizePhoneInput).regex(/^01[3-9]\d{8}$/, COMPLAINT_MESSAGES.mobile),
  order_id: z.string().trim().max(40, COMPLAINT_MESSAGES.order).nullish().transform((v) => v ?? ''),
  text: z.string({ error: COMPLAINT_MESSAGES.text }).trim().min(1, COMPLAINT_MESSAGES.text).max(2000, COMPLAINT_MESSAGES.textLong),
});
export type ComplaintInput = z.input<typeof complaintInputSchema>;
export type ParsedComplaint = z.output<typeof complaintInputSchema>;

/** PATCH /complaint/{id}/acted: what the owner did (optional). */
export const complaintActedSchema = z.object({ note: z.string().trim().max(500, COMPLAINT_MESSAGES.note).default('') });

export const complaintListQuerySchema = z.object({
  /** 'open' (not acted on yet, the most overdue first) or 'all' (newest first). */
  show: z.enum(['open', 'all'], { error: 'Show must be open or all.' }).default('open'),
  page: z.coerce.number({ error: 'Page must be a number.' }).int('Page must be a number.').min(1, 'Page must be a number.').max(10_000, 'Page must be a number.').default(1),
});

export const complaintViewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  mobile: z.string(),
  order_id: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** created + the complaint hours (72). */
  dueAt: z.string(),
  actedAt: z.string().nullable(),
  actedBy: z.string().nullable(),
  note: z.string(),
  /** Not acted on and past its due time, at the server's clock. */
  overdue: z.boolean(),
});
export type ComplaintView = z.infer<typeof complaintViewSchema>;
export const complaintFiledReplySchema = envelope(z.object({ _id: z.string(), dueAt: z.string() }));
export const complaintReplySchema = envelope(complaintViewSchema);
export const complaintPageReplySchema = listEnvelope(complaintViewSchema).extend({ openCount: z.number(), overdueCount: z.number() });
