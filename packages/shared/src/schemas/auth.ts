import { z } from 'zod';
import { LOGIN_CODE_LENGTH, OTP_LENGTH, PASSWORD_MIN } from '../constants';
import { normalizeDigitsInput, normalizePhoneInput } from '../phone';
import { TEXT_LIMITS, tooLong } from './limits';
import { emptyReplySchema, envelope } from './reply';

/**
 * Spec §5 rules with their exact messages. The web forms and the server routes
 * both use these schemas, so a rule and its message exist once.
 */

/** text@text.tld; the spec's {email} pattern. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required, valid e-mail with the register/login/forgot-password messages. */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(TEXT_LIMITS.email, tooLong('Email', TEXT_LIMITS.email))
  .regex(EMAIL_PATTERN, 'Invalid email address');

const passwordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`);

export const registerSchema = z
  .object({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(TEXT_LIMITS.personName, tooLong('Name', TEXT_LIMITS.personName)),
    email: emailField,
    password: passwordField.max(128, 'Password must be at most 128 characters'),
    confirmPassword: z.string({ error: 'Confirm Password is required' }).min(1, 'Confirm Password is required'),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: passwordField.max(TEXT_LIMITS.loginPassword, tooLong('Password', TEXT_LIMITS.loginPassword)),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const OTP_MESSAGE = 'Please enter a 6-digit OTP.';
export const otpField = z
  .string({ error: OTP_MESSAGE })
  .overwrite(normalizeDigitsInput)
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), OTP_MESSAGE);

export const verifyOtpSchema = z.object({ email: emailField, otp: otpField });
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;

/** PUT user/send-login-code: e-mail a one-time sign-in code (decision 0045). */
export const sendLoginCodeSchema = z.object({ email: emailField });
export type SendLoginCodeInput = z.infer<typeof sendLoginCodeSchema>;

export const LOGIN_CODE_MESSAGE = `Please enter the ${LOGIN_CODE_LENGTH}-digit code from the e-mail.`;
/** PUT user/login-with-code: the e-mail and the code mailed to it; answers the tokens like login. */
export const loginWithCodeSchema = z.object({
  email: emailField,
  code: z
    .string({ error: LOGIN_CODE_MESSAGE })
    // Bangla digits and the spaces of a pasted "1234 5678" are accepted.
    .overwrite((v) => normalizeDigitsInput(v).replace(/[\s-]/g, ''))
    .regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), LOGIN_CODE_MESSAGE),
});
export type LoginWithCodeInput = z.infer<typeof loginWithCodeSchema>;

/** The Reset Password form (field names are the update-password payload's). */
export const resetPasswordFormSchema = z
  .object({
    NewPassword: z
      .string({ error: 'New Password is required' })
      .min(1, 'New Password is required')
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
      .max(128, 'Password must be at most 128 characters'),
    ConfirmNewPassword: z.string({ error: 'Confirm New Password is required' }).min(1, 'Confirm New Password is required'),
  })
  .refine((v) => v.NewPassword === v.ConfirmNewPassword, { message: 'Passwords must match', path: ['ConfirmNewPassword'] });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

export const RESET_TOKEN_MESSAGE = 'Your reset session is missing. Please verify the code sent to your email again.';

/** PUT user/update-password: the form plus the e-mail and the reset token carried from verify-otp. */
export const updatePasswordSchema = z
  .object({
    email: emailField,
    resetToken: z.string({ error: RESET_TOKEN_MESSAGE }).min(1, RESET_TOKEN_MESSAGE).max(200, RESET_TOKEN_MESSAGE),
    NewPassword: resetPasswordFormSchema.shape.NewPassword,
    ConfirmNewPassword: resetPasswordFormSchema.shape.ConfirmNewPassword,
  })
  .refine((v) => v.NewPassword === v.ConfirmNewPassword, { message: 'Passwords must match', path: ['ConfirmNewPassword'] });
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;

/** POST user/login answers both tokens (spec §3: stored as accesstoken and refreshToken). */
export const tokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;
export const tokenPairReplySchema = envelope(tokenPairSchema);
/**
 * POST user/refresh-token: a new access token and the session's next refresh
 * token, which replaces the one sent (rotated on every refresh, decision 0045).
 * Within a few seconds of a rotation the replaced token gets an access token
 * only (no refresh_token): the client keeps the refresh token it has stored.
 */
export const accessTokenSchema = z.object({ access_token: z.string(), refresh_token: z.string().optional() });
export type AccessToken = z.infer<typeof accessTokenSchema>;
export const accessTokenReplySchema = envelope(accessTokenSchema);
/** PUT user/verify-otp: the code was right; the resetToken lets update-password set the new password. */
export const otpVerifiedSchema = z.object({ verified: z.literal(true), resetToken: z.string() });
export type OtpVerified = z.infer<typeof otpVerifiedSchema>;
export const otpVerifiedReplySchema = envelope(otpVerifiedSchema);
/** Answers whose data is null (register, logout, the mailed codes, update-password). */
export const authDoneReplySchema = emptyReplySchema;

/** A Bangladeshi mobile in any spelling (+880, 880, Bengali digits, spaces), read as 01XXXXXXXXX (decision 0061). */
export const signInMobileField = z
  .string({ error: 'Valid mobile number required' })
  .trim()
  .overwrite(normalizePhoneInput)
  .regex(/^01[3-9]\d{8}$/, 'Valid mobile number required');

/** POST user/otp/send and user/mobile/send: text a 6-digit code to the mobile. */
export const mobileOtpSendSchema = z.object({ mobile: signInMobileField });
export type MobileOtpSendInput = z.infer<typeof mobileOtpSendSchema>;
/** POST user/otp/verify and user/mobile/verify: the mobile and the code texted to it. */
export const mobileOtpVerifySchema = z.object({ mobile: signInMobileField, otp: otpField });
export type MobileOtpVerifyInput = z.infer<typeof mobileOtpVerifySchema>;
/** The answer to a sent code: when another may be asked for. */
export const otpSentSchema = z.object({ resend_after_seconds: z.number().int() });
export type OtpSent = z.infer<typeof otpSentSchema>;
export const otpSentReplySchema = envelope(otpSentSchema);
