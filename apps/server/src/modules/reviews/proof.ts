import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { normalizePhone } from '@haat/shared/phone';

/*
 * A guest's proof of a mobile (issue 47, decision 0124): after the texted code (otp purpose 'review'), or in the
 * link of the asking SMS, the shopper carries `mobile.expiry.hmac`; a review may then be written for any delivered
 * line of an order placed with that mobile. Stateless: the HMAC binds the mobile and the expiry to the server's
 * secret, so a proof cannot be made or stretched without it.
 */

/** A proof made from a typed code lasts a day; the SMS link's lasts as long as a review may be edited. */
export const CODE_PROOF_MS = 24 * 60 * 60 * 1000;
export const LINK_PROOF_MS = 30 * 24 * 60 * 60 * 1000;

const sign = (secret: string, mobile: string, expires: number) => createHmac('sha256', secret).update(`review-proof:${mobile}:${expires}`).digest('base64url');

export function makeProof(secret: string, mobileInput: string, now: Date, lifetimeMs: number): { proof: string; expiresAt: Date } {
  const mobile = normalizePhone(mobileInput) ?? mobileInput;
  const expires = now.getTime() + lifetimeMs;
  return { proof: `${mobile}.${expires}.${sign(secret, mobile, expires)}`, expiresAt: new Date(expires) };
}

/** The mobile a proof vouches for, or null when it is forged, malformed or expired. */
export function mobileOfProof(secret: string, proof: string | undefined, now: Date): string | null {
  const m = /^(01\d{9})\.(\d{1,15})\.([\w-]{43})$/.exec(proof ?? '');
  if (!m) return null;
  const [, mobile, exp, mac] = m;
  const expires = Number(exp);
  const want = Buffer.from(sign(secret, mobile!, expires));
  const got = Buffer.from(mac!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  return expires > now.getTime() ? mobile! : null;
}

/*
 * A guest's "helpful" identity (decision 0132): a random id in a signed, HttpOnly cookie, so one browser counts
 * once per review; the route also caps guest votes per address, so clearing the cookie buys little.
 */
const VOTER_COOKIE = 'haat_voter';
const VOTER_MAX_AGE_S = 365 * 24 * 60 * 60;
const voterMac = (secret: string, id: string) => createHmac('sha256', secret).update(`review-voter:${id}`).digest('base64url');

/** The guest voter id a cookie header proves, or null. */
export function guestVoterOf(secret: string, cookieHeader: string | undefined): string | null {
  const value = (cookieHeader ?? '').split(';').map((c) => c.trim()).find((c) => c.startsWith(`${VOTER_COOKIE}=`))?.slice(VOTER_COOKIE.length + 1);
  const m = /^([\w-]{22})\.([\w-]{43})$/.exec(value ?? '');
  if (!m) return null;
  const want = Buffer.from(voterMac(secret, m[1]!));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? m[1]! : null;
}

/** A new guest voter id and the Set-Cookie that carries it (only the reviews API reads it). */
export function newGuestVoter(secret: string, secure: boolean): { id: string; cookie: string } {
  const id = randomBytes(16).toString('base64url');
  return { id, cookie: `${VOTER_COOKIE}=${id}.${voterMac(secret, id)}; Path=/api/reviews/; Max-Age=${VOTER_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}` };
}
