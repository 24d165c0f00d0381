import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, notLike, sql, type SQL } from 'drizzle-orm';
import { OTP_LENGTH } from '@haat/shared/constants';
import { normalizePhone } from '@haat/shared/phone';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { mobileCodes } from '../../db/schema';
import { appError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { SmsSender } from '../../lib/sms';

/*
 * One-time codes by SMS to a mobile number (issue 26, decision 0061): the core
 * the users module signs shoppers in with and verifies a profile's mobile with,
 * and checkout confirms a risky cash-on-delivery order with. A leaf module: it
 * imports no other module, so any module may import it.
 */

export type OtpPurpose = 'login' | 'verify' | 'cod' | 'review';

/** A code lives 5 minutes. */
export const MOBILE_CODE_TTL_MS = 5 * 60 * 1000;
/** Wrong tries a code takes; then it is locked and a new one must be asked for. */
export const MOBILE_CODE_MAX_ATTEMPTS = 5;
/** A new code for the same number, purpose and asker at most once a minute. */
export const MOBILE_CODE_RESEND_MS = 60 * 1000;
/**
 * Codes one number may be sent in a day at strangers' asking (browsers not seen signing in with it), whatever the
 * purpose: past it strangers are refused, the number's own devices are not (decision 0091).
 */
export const MOBILE_CODES_PER_NUMBER_PER_DAY = 8;
/** Codes one asker (a device, else an address) may get for one number in a short window, whatever the purpose. */
export const MOBILE_CODES_PER_ASKER_PER_WINDOW = 5;
export const MOBILE_CODE_ASKER_WINDOW_MS = 60 * 60 * 1000;
/** A browser that signed in with a number keeps the proof this long. */
export const MOBILE_DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Codes one address may ask for in a day, whatever the numbers. */
export const MOBILE_CODES_PER_ADDRESS_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One UCS-2 SMS segment: the Bangla text is at most this long (JS string length = UCS-2 units). */
export const SMS_SEGMENT = 70;

/** What sending needs: the database, the SMS sender (BulkSMSBD or the outbox), the HMAC secret and the shop's name. */
export interface OtpDeps {
  db: Db;
  sms: SmsSender;
  config: Pick<Config, 'JWT_SECRET' | 'SHOP_NAME'>;
}

/** What checking needs: the database (not a transaction: wrong tries must stay counted) and the HMAC secret. */
export interface OtpCheckDeps {
  db: Db;
  config: Pick<Config, 'JWT_SECRET'>;
}

/** The code's HMAC, bound to its row: a leaked table does not give the codes away by a 10^6 brute force. */
function hashCode(secret: string, rowId: string, code: string): string {
  return createHmac('sha256', secret).update(`mobile:${rowId}:${code}`).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

function newCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** The mobile in its local form, or a 400 naming the field. */
export function otpMobile(input: string): string {
  const mobile = normalizePhone(input);
  if (!mobile) throw appError('OTP_MOBILE_INVALID');
  return mobile;
}

const TEMPLATES: Record<OtpPurpose, (shop: string, code: string) => string> = {
  login: (shop, code) => `${shop}: আপনার লগইন কোড ${code}। ৫ মিনিট বৈধ। কাউকে জানাবেন না।`,
  verify: (shop, code) => `${shop}: আপনার যাচাই কোড ${code}। ৫ মিনিট বৈধ। কাউকে জানাবেন না।`,
  cod: (shop, code) => `${shop}: আপনার অর্ডার নিশ্চিত করার কোড ${code}। ৫ মিনিট বৈধ।`,
  review: (shop, code) => `${shop}: রিভিউ দেওয়ার কোড ${code}। ৫ মিনিট বৈধ।`,
};

/**
 * The SMS text, Bangla, in one UCS-2 segment (70 characters): the shop's name is
 * shortened (ending in '…') when the whole would not fit, never the code or the warning.
 */
export function otpSmsText(shopName: string, purpose: OtpPurpose, code: string): string {
  const template = TEMPLATES[purpose];
  const full = template(shopName, code);
  if (full.length <= SMS_SEGMENT) return full;
  const room = SMS_SEGMENT - template('', code).length - 1; // one for '…'
  let shop = shopName.trim();
  while (shop.length > room) shop = Array.from(shop).slice(0, -1).join('');
  return template(`${shop.trimEnd()}…`, code);
}

/**
 * A cap of `cap` codes matching `where` per `windowMs`: null while it lets another through, else the ms until it
 * does (when the cap-th newest of them leaves the window), which the refusal answers as Retry-After (decision 0098).
 */
async function capFullFor(db: DbOrTx, where: SQL | undefined, now: Date, windowMs: number, cap: number): Promise<number | null> {
  const [row] = await db
    .select({ createdAt: mobileCodes.createdAt })
    .from(mobileCodes)
    .where(and(where, gt(mobileCodes.createdAt, new Date(now.getTime() - windowMs))))
    .orderBy(desc(mobileCodes.createdAt))
    .offset(cap - 1)
    .limit(1);
  return row ? row.createdAt.getTime() + windowMs - now.getTime() : null;
}

/*
 * A device proof (decision 0091): signing in with a number (or verifying it) sets a cookie
 * `haat_dev_<number>` = `<random id>.<HMAC of number and id>`. Nothing is stored: the HMAC is the proof
 * the browser was once handed a code for that number, so its later requests count under its own key.
 */
const DEVICE_COOKIE_PREFIX = 'haat_dev_';

function deviceMac(secret: string, mobile: string, id: string): string {
  return createHmac('sha256', secret).update(`device:${mobile}:${id}`).digest('base64url');
}

/** The device id a cookie header proves for the number, or null. */
export function knownDevice(secret: string, mobileInput: string, cookieHeader: string | undefined): string | null {
  const mobile = normalizePhone(mobileInput);
  if (!mobile || !cookieHeader) return null;
  const name = `${DEVICE_COOKIE_PREFIX}${mobile}=`;
  const value = cookieHeader.split(';').map((c) => c.trim()).find((c) => c.startsWith(name))?.slice(name.length);
  const [id, mac] = (value ?? '').split('.');
  if (!id || !mac || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) return null;
  const want = Buffer.from(deviceMac(secret, mobile, id));
  const got = Buffer.from(mac);
  return want.length === got.length && timingSafeEqual(want, got) ? id : null;
}

/** The Set-Cookie value that marks this browser as the number's own (after a right code). */
export function deviceCookie(secret: string, mobileInput: string, secure: boolean): string {
  const mobile = otpMobile(mobileInput);
  const id = randomBytes(16).toString('base64url');
  return `${DEVICE_COOKIE_PREFIX}${mobile}=${id}.${deviceMac(secret, mobile, id)}; Path=/api/; Max-Age=${MOBILE_DEVICE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Advisory-lock key spaces (two-key form): one per number, one per address. */
const LOCK_NUMBER = 2601;
const LOCK_ADDRESS = 2602;

/**
 * Sends a 6-digit code by SMS to the mobile for the purpose. The asker is the
 * browser when its cookie proves it signed in with the number before, else the
 * address (decision 0091). Refused with a 429-style code when one went to the
 * same number for the same purpose and asker less than a minute ago
 * (OTP_RESEND_TOO_SOON, its seconds), past the asker's short window for the
 * number (OTP_ASKER_WINDOW_CAP), or, for strangers only, past the number's or
 * the address's daily cap. The checks and the insert run under per-number and
 * per-address locks, so parallel requests cannot slip past them. A new code
 * closes the asker's older ones of the number and purpose. Only the code's HMAC is
 * stored; the code is in the SMS and nowhere else (never logged). When the SMS
 * cannot be sent the code is withdrawn and OTP_SMS_FAILED answered.
 */
export async function sendOtp(
  deps: OtpDeps,
  input: { mobile: string; purpose: OtpPurpose; ip: string; cookie?: string; lang?: 'en' | 'bn' },
): Promise<{ resendAfterSeconds: number }> {
  const mobile = otpMobile(input.mobile);
  const { purpose } = input;
  const ip = input.ip ?? '';
  const device = knownDevice(deps.config.JWT_SECRET, mobile, input.cookie);
  const asker = device ? `device:${device}` : `ip:${ip}`;
  const code = newCode();
  const id = newId();
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NUMBER}, hashtext(${mobile}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ADDRESS}, hashtext(${ip}))`);
    const [latest] = await tx
      .select({ createdAt: mobileCodes.createdAt })
      .from(mobileCodes)
      .where(and(eq(mobileCodes.mobile, mobile), eq(mobileCodes.purpose, purpose), eq(mobileCodes.asker, asker)))
      .orderBy(desc(mobileCodes.createdAt))
      .limit(1);
    // The minute and the short window are the asker's own: another asker's requests never hold this one back.
    const since = latest ? now.getTime() - latest.createdAt.getTime() : Infinity;
    if (since < MOBILE_CODE_RESEND_MS) {
      const wait = MOBILE_CODE_RESEND_MS - since;
      throw appError('OTP_RESEND_TOO_SOON', { seconds: Math.max(1, Math.ceil(wait / 1000)) }).retryIn(wait);
    }
    // Each cap's refusal says when it lets this asker in again (Retry-After), so the form can name the time.
    const byAsker = and(eq(mobileCodes.mobile, mobile), eq(mobileCodes.asker, asker));
    const askerWait = await capFullFor(tx, byAsker, now, MOBILE_CODE_ASKER_WINDOW_MS, MOBILE_CODES_PER_ASKER_PER_WINDOW);
    if (askerWait !== null) throw appError('OTP_ASKER_WINDOW_CAP').retryIn(askerWait);
    // The number-wide and address-wide caps are fraud signals: they stop strangers, never the number's own device.
    if (!device) {
      const byStrangers = and(eq(mobileCodes.mobile, mobile), notLike(mobileCodes.asker, 'device:%'));
      const numberWait = await capFullFor(tx, byStrangers, now, DAY_MS, MOBILE_CODES_PER_NUMBER_PER_DAY);
      if (numberWait !== null) throw appError('OTP_NUMBER_DAILY_CAP').retryIn(numberWait);
      const addressWait = await capFullFor(tx, eq(mobileCodes.ip, ip), now, DAY_MS, MOBILE_CODES_PER_ADDRESS_PER_DAY);
      if (addressWait !== null) throw appError('OTP_ADDRESS_DAILY_CAP').retryIn(addressWait);
    }
    // A day of rows stays for the caps, older ones go.
    await tx.delete(mobileCodes).where(and(eq(mobileCodes.mobile, mobile), lt(mobileCodes.createdAt, new Date(now.getTime() - DAY_MS))));
    // A new code closes this asker's older ones only: a stranger's request cannot void the owner's code.
    await tx
      .update(mobileCodes)
      .set({ usedAt: now })
      .where(and(eq(mobileCodes.mobile, mobile), eq(mobileCodes.purpose, purpose), eq(mobileCodes.asker, asker), isNull(mobileCodes.usedAt)));
    await tx.insert(mobileCodes).values({
      id,
      mobile,
      purpose,
      ip,
      asker,
      codeHash: hashCode(deps.config.JWT_SECRET, id, code),
      expiresAt: new Date(now.getTime() + MOBILE_CODE_TTL_MS),
      createdAt: now,
    });
  });
  try {
    await deps.sms.send({ to: mobile, text: otpSmsText(deps.config.SHOP_NAME, purpose, code), kind: 'code' });
  } catch {
    // A code nobody received is withdrawn: it cannot be guessed, and it does not count toward the caps.
    await deps.db.delete(mobileCodes).where(eq(mobileCodes.id, id));
    throw appError('OTP_SMS_FAILED');
  }
  return { resendAfterSeconds: MOBILE_CODE_RESEND_MS / 1000 };
}

/** A right code, checked but not yet used: consumeOtp uses it, in the caller's transaction if it likes. */
export interface OtpTicket {
  readonly codeId: string;
}

/**
 * Checks the code against the open codes of the number and purpose (each
 * asker's newest, decision 0091), or
 * throws: OTP_CODE_EXPIRED (none open, expired, or already used),
 * OTP_CODE_LOCKED (5 wrong tries), OTP_CODE_WRONG (with the tries left). Wrong
 * tries are counted by one conditional update, so parallel guesses cannot
 * exceed 5. Run it on the database itself, never inside a transaction that an
 * error rolls back: the count of wrong tries must stay. The code is not used
 * yet: pass the ticket to consumeOtp.
 */
export async function checkOtp(deps: OtpCheckDeps, input: { mobile: string; purpose: OtpPurpose; code: string }): Promise<OtpTicket> {
  const mobile = otpMobile(input.mobile);
  const code = String(input.code ?? '').trim();
  const { db } = deps;
  const now = new Date();
  // Every asker's newest code is open (decision 0091), so the owner's code survives a stranger's request; the
  // strangers' daily cap bounds how many there are.
  const rows = await db
    .select({ id: mobileCodes.id, codeHash: mobileCodes.codeHash, expiresAt: mobileCodes.expiresAt, attempts: mobileCodes.attempts })
    .from(mobileCodes)
    .where(and(eq(mobileCodes.mobile, mobile), eq(mobileCodes.purpose, input.purpose), isNull(mobileCodes.usedAt), gt(mobileCodes.expiresAt, now)))
    .orderBy(desc(mobileCodes.createdAt))
    .limit(MOBILE_CODES_PER_NUMBER_PER_DAY + MOBILE_CODES_PER_ASKER_PER_WINDOW);
  if (rows.length === 0) throw appError('OTP_CODE_EXPIRED');
  const open = rows.filter((r) => r.attempts < MOBILE_CODE_MAX_ATTEMPTS);
  if (open.length === 0) throw appError('OTP_CODE_LOCKED');
  const wellFormed = /^\d{6}$/.test(code);
  // Every open code is compared (no early exit), so the time does not tell which one matched.
  const matched = open.filter((r) => sameHex(r.codeHash, hashCode(deps.config.JWT_SECRET, r.id, wellFormed ? code : '------')));
  if (wellFormed && matched[0]) return { codeId: matched[0].id };
  // A wrong try counts against every open code of the number, so more open codes give a guesser no more tries.
  const counted = await db
    .update(mobileCodes)
    .set({ attempts: sql`${mobileCodes.attempts} + 1` })
    .where(and(inArray(mobileCodes.id, open.map((r) => r.id)), lt(mobileCodes.attempts, MOBILE_CODE_MAX_ATTEMPTS)))
    .returning({ attempts: mobileCodes.attempts });
  const left = counted.length ? MOBILE_CODE_MAX_ATTEMPTS - Math.min(...counted.map((r) => r.attempts)) : 0;
  if (left <= 0) throw appError('OTP_CODE_LOCKED');
  throw appError('OTP_CODE_WRONG', { left });
}

/**
 * Uses a checked code: one `UPDATE … WHERE used_at IS NULL`, so of two
 * requests racing with the right code exactly one succeeds (the other gets
 * OTP_CODE_EXPIRED). Given a transaction, the code is used with what it
 * allows: when the transaction rolls back (the order failed), the code stays
 * usable for its remaining minutes.
 */
export async function consumeOtp(db: DbOrTx, ticket: OtpTicket): Promise<void> {
  const now = new Date();
  const [used] = await db
    .update(mobileCodes)
    .set({ usedAt: now })
    .where(and(eq(mobileCodes.id, ticket.codeId), isNull(mobileCodes.usedAt), lt(mobileCodes.attempts, MOBILE_CODE_MAX_ATTEMPTS), gt(mobileCodes.expiresAt, now)))
    .returning({ id: mobileCodes.id });
  if (!used) throw appError('OTP_CODE_EXPIRED');
}

/**
 * Checks and uses the code (checkOtp, then consumeOtp), or throws an appError.
 * On the database itself, never inside a transaction (see checkOtp); to use
 * the code inside a transaction, call checkOtp first and consumeOtp in it.
 */
export async function verifyOtp(deps: OtpCheckDeps, input: { mobile: string; purpose: OtpPurpose; code: string }): Promise<void> {
  await consumeOtp(deps.db, await checkOtp(deps, input));
}

/** Drops the codes over a day old (the caps count only the last day). Run by the periodic sweep. */
export async function sweepMobileCodes(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db.delete(mobileCodes).where(lt(mobileCodes.createdAt, new Date(now.getTime() - DAY_MS))).returning({ id: mobileCodes.id });
  return gone.length;
}
