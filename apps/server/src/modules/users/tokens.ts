import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LOGIN_CODE_LENGTH, OTP_LENGTH } from '@haat/shared/constants';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long the refresh token a refresh just replaced still gets an access token
 * (never a refresh token): two tabs that refresh together are not a theft.
 * Later, the replaced token ends its session (decision 0045).
 */
export const REFRESH_REUSE_GRACE_MS = 30 * 1000;
export const OTP_TTL_MS = 10 * 60 * 1000;
/** After a successful verify-otp, update-password must come within this time. */
export const RESET_WINDOW_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
/** Wrong guesses an account's codes may take in a day, however many codes are asked for. */
export const OTP_ACCOUNT_MAX_FAILURES = 15;
export const OTP_ACCOUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const OTP_RESEND_MS = 60 * 1000;

/**
 * Wrong passwords an e-mail may take in a day from every address together
 * (decision 0045); past it password login is refused and the owner signs in
 * with a code by e-mail. Counted for unknown e-mails too, so it tells nothing.
 */
export const PASSWORD_DAILY_CAP = 30;
export const PASSWORD_CAP_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The e-mailed sign-in code: 8 digits, 10 minutes, 5 guesses, at most one a
 * minute per account. No per-account cap a stranger could use up: at most
 * 1,440 codes × 5 guesses a day against 10^8 codes.
 */
export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
export const LOGIN_CODE_RESEND_MS = 60 * 1000;

/** An opaque refresh token (256 random bits); only its hash is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The one-time token verify-otp hands out for update-password (256 random bits); only its hash is stored. */
export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 6-digit code from the cryptographic random source. */
export function newOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** An 8-digit sign-in code from the cryptographic random source. */
export function newLoginCode(): string {
  return String(randomInt(0, 10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, '0');
}

/**
 * Codes are hashed with a server secret and bound to their row, so a leaked
 * table does not give the codes away by a 10^6 brute force.
 */
export function hashOtp(secret: string, rowId: string, code: string): string {
  return createHmac('sha256', secret).update(`${rowId}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
