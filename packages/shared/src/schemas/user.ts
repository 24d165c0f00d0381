import { z } from 'zod';
import { PASSWORD_MIN } from '../constants';

/**
 * The profile form (spec §5 Profile) and PUT user/update-user. Empty fields
 * mean "leave as is" on the server; the form sends what the user sees.
 */
export const profileSchema = z.object({
  name: z.string().trim().max(100, 'Name must be at most 100 characters'),
  email: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+$/, 'Invalid email format'),
  mobile: z
    .string()
    .trim()
    .regex(/^\d*$/, 'Only numbers are allowed')
    .max(15, 'Mobile number is too long'),
  /** Change Password: blank keeps the current one. */
  password: z
    .string()
    .refine((v) => v === '' || v.length >= PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .refine((v) => v.length <= 128, 'Password must be at most 128 characters'),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** The server accepts any subset of the profile fields. */
export const updateUserSchema = profileSchema.partial().extend({
  /** The spec's payload also names address; it is managed through address/*, so it is ignored. */
  address: z.unknown().optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;
