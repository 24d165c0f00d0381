import { z } from 'zod';
import { STAFF_ROLES } from '../permissions';
import { emailField, signInMobileField } from './auth';
import { envelope } from './reply';
import { TEXT_LIMITS, tooLong } from './limits';

/**
 * POST /staff/invite (issue 28, Owner only): the account is made with the role and sent a sign-in code
 * by e-mail, or, for a mobile (decision 0068), a text to sign in with that number.
 */
export const staffInviteSchema = z
  .object({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(TEXT_LIMITS.personName, tooLong('Name', TEXT_LIMITS.personName)),
    email: emailField.optional(),
    mobile: signInMobileField.optional(),
    role: z.enum(STAFF_ROLES),
  })
  .superRefine((v, ctx) => {
    if ((v.email === undefined) === (v.mobile === undefined)) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Give an e-mail or a mobile number, not both.' });
  });
export type StaffInviteInput = z.infer<typeof staffInviteSchema>;

/** PATCH /staff/:id: a new role, or Suspended to disable (Active to enable again). */
export const staffUpdateSchema = z
  .object({ role: z.enum(STAFF_ROLES).optional(), status: z.enum(['Active', 'Suspended']).optional() })
  .refine((v) => v.role !== undefined || v.status !== undefined, { message: 'Send a role or a status.' });
export type StaffUpdateInput = z.infer<typeof staffUpdateSchema>;

/** POST /staff/:id/email: a second way in for a staff member invited by mobile (issue 41). */
export const staffEmailSchema = z.object({ email: emailField });
export type StaffEmailInput = z.infer<typeof staffEmailSchema>;

export const staffMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The verified mobile a staff member signs in with, when invited by mobile. */
  mobile: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(['Active', 'Inactive', 'Suspended']),
  last_logit_date: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListReplySchema = envelope(z.array(staffMemberSchema));
export const staffMemberReplySchema = envelope(staffMemberSchema);
