import { ERRORS } from '../errors/catalogue';
import { z } from 'zod';
import { PASSWORD_MIN, ROLES } from '../constants';
import { envelope } from './reply';
import { normalizePhoneInput } from '../phone';
import { TEXT_LIMITS, tooLong } from './limits';

/**
 * The profile form (spec §5 Profile) and PUT user/update-user. Empty fields
 * mean "leave as is" on the server; the form sends what the user sees.
 */
export const profileSchema = z.object({
  name: z.string().trim().max(TEXT_LIMITS.personName, tooLong('Name', TEXT_LIMITS.personName)),
  email: z
    .string()
    .trim()
    .max(TEXT_LIMITS.email, tooLong('Email', TEXT_LIMITS.email))
    // Blank keeps it as is: an account made by signing in with a mobile has none yet (decision 0061).
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+$/.test(v), 'Invalid email format'),
  mobile: z
    .string()
    .trim()
    .overwrite(normalizePhoneInput)
    .regex(/^\d*$/, 'Only numbers are allowed')
    .max(15, 'Mobile number is too long'),
  /** Change Password: blank keeps the current one. */
  password: z
    .string()
    .refine((v) => v === '' || v.length >= PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .refine((v) => v.length <= 128, 'Password must be at most 128 characters'),
  /** Asked for only when the e-mail or the password changes (see needsCurrentPassword). */
  currentPassword: z.string().max(128, 'Password must be at most 128 characters').optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const CURRENT_PASSWORD_REQUIRED = ERRORS.CURRENT_PASSWORD_REQUIRED.en;
/**
 * A new password or a different e-mail takes over the account and its password
 * recovery, so either needs the current password (a stolen access token alone
 * must not do it). The web form and the server both decide with this.
 */
export function needsCurrentPassword(currentEmail: string, input: { email?: string; password?: string }): boolean {
  const email = input.email?.trim().toLowerCase();
  return Boolean(input.password) || (Boolean(email) && email !== currentEmail.trim().toLowerCase());
}

/** The profile form of a user whose e-mail is `currentEmail`: asks for the current password when needsCurrentPassword says so. */
export const profileFormSchema = (currentEmail: string) =>
  profileSchema.refine((v) => !needsCurrentPassword(currentEmail, v) || Boolean(v.currentPassword), {
    message: CURRENT_PASSWORD_REQUIRED,
    path: ['currentPassword'],
  });

/** The server accepts any subset of the profile fields. */
export const updateUserSchema = profileSchema.partial().extend({
  /** The spec's payload also names address; it is managed through address/*, so it is ignored. */
  address: z.unknown().optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/**
 * The user as get-user (and update-user) answers it: spec §3 User without
 * secrets. The server's publicUser() returns it and the web reads it, so a
 * renamed field breaks the compile on both sides.
 */
export const userViewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string(),
  mobile: z.string().nullable(),
  /** The mobile was confirmed by an SMS code and signs this account in (decision 0061). */
  mobile_verified: z.boolean().optional(),
  /** An account made by signing in with a mobile, not yet given a password: its first e-mail and password need no current one. */
  phone_only: z.boolean().optional(),
  role: z.enum(ROLES),
  status: z.enum(['Active', 'Inactive', 'Suspended']),
  verified: z.boolean(),
  last_logit_date: z.string().nullable(),
  createdAt: z.string(),
});
export type UserView = z.infer<typeof userViewSchema>;

/** GET user/get-user: the user with the ids of its addresses, orders and cart lines (spec §3). */
export const userDetailsReplySchema = envelope(
  userViewSchema.extend({ address_details: z.array(z.string()), orderHistory: z.array(z.string()), shopping_cart: z.array(z.string()) }),
);
/** PUT user/update-user. */
export const userReplySchema = envelope(userViewSchema);

/** PUT user/upload-avatar answers the user's id and the new picture's address. */
export const avatarViewSchema = userViewSchema.pick({ _id: true, avatar: true });
export type AvatarView = z.infer<typeof avatarViewSchema>;
export const avatarReplySchema = envelope(avatarViewSchema);
