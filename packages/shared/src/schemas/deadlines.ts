import { z } from 'zod';
import { DEADLINE_KINDS } from '../deadlines';
import { envelope } from './reply';

/** The owner's deadline settings (issue 27, decision 0076): the limits the form and the server both hold. */
export const DEADLINE_LIMITS = { handoverHours: { min: 1, max: 720 }, deliveryDays: { min: 1, max: 60 } } as const;

export const DEADLINE_MESSAGES = {
  handoverHours: `Handover time must be a whole number of hours from ${DEADLINE_LIMITS.handoverHours.min} to ${DEADLINE_LIMITS.handoverHours.max}.`,
  deliveryDays: `Delivery time must be a whole number of days from ${DEADLINE_LIMITS.deliveryDays.min} to ${DEADLINE_LIMITS.deliveryDays.max}.`,
  insideLonger: 'Delivery inside Dhaka cannot take longer than delivery outside Dhaka.',
} as const;

/** A whole number in a range; '' and null are missing (the same message). */
const whole = (min: number, max: number, message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: message }).int(message).min(min, message).max(max, message));

/** PUT /deadline-settings. */
export const deadlineSettingsSchema = z
  .object({
    handoverHours: whole(DEADLINE_LIMITS.handoverHours.min, DEADLINE_LIMITS.handoverHours.max, DEADLINE_MESSAGES.handoverHours),
    deliveryDaysInsideDhaka: whole(DEADLINE_LIMITS.deliveryDays.min, DEADLINE_LIMITS.deliveryDays.max, DEADLINE_MESSAGES.deliveryDays),
    deliveryDaysOutsideDhaka: whole(DEADLINE_LIMITS.deliveryDays.min, DEADLINE_LIMITS.deliveryDays.max, DEADLINE_MESSAGES.deliveryDays),
  })
  .refine((s) => s.deliveryDaysInsideDhaka <= s.deliveryDaysOutsideDhaka, { message: DEADLINE_MESSAGES.insideLonger, path: ['deliveryDaysInsideDhaka'] });
export type DeadlineSettingsInput = z.infer<typeof deadlineSettingsSchema>;

export const deadlineSettingsViewSchema = z.object({ handoverHours: z.number(), deliveryDaysInsideDhaka: z.number(), deliveryDaysOutsideDhaka: z.number() });
export const deadlineSettingsReplySchema = envelope(deadlineSettingsViewSchema);

/** One due time of an order, as the admin's answers carry it. */
export const deadlineSchema = z.object({ kind: z.enum(DEADLINE_KINDS), dueAt: z.string(), met: z.boolean(), overdue: z.boolean() });
