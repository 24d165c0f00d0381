import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { OTP_LENGTH } from '@haat/shared/constants';
import { normalizePhone } from '@haat/shared/phone';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
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

export type OtpPurpose = 'login' | 'verify' | 'cod';

/** A code lives 5 minutes. */
export const MOBILE_CODE_TTL_MS = 5 * 60 * 1000;
/** Wrong tries a code takes; then it is locked and a new one must be asked for. */
export const MOBILE_CODE_MAX_ATTEMPTS = 5;
/** A new code for the same number and purpose at most once a minute. */
export const MOBILE_CODE_RESEND_MS = 60 * 1000;
/** Codes one number may be sent in a day, whatever the purpose: a stranger cannot flood it or run up the bill. */
export const MOBILE_CODES_PER_NUMBER_PER_DAY = 8;
/** Codes one address may ask for in a day, whatever the numbers. */
export const MOBILE_CODES_PER_ADDRESS_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One UCS-2 SMS segment: the Bangla text is at most this long (JS string length = UCS-2 units). */
export const SMS_SEGMENT = 70;

/** What sending needs: the database, the SMS sender (BulkSMSBD or the outbox), the HMAC secret and the shop's name. */
export interface OtpDeps {
  db: DbOrTx;
  sms: SmsSender;
  config: Pick<Config, 'JWT_SECRET' | 'SHOP_NAME'>;
}

/** What checking needs: the database or a transaction, and the HMAC secret. */
export interface OtpCheckDeps {
  db: DbOrTx;
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

/** Codes sent in the last day from one of the two columns the caps count by. */
async function sentToday(db: DbOrTx, where: ReturnType<typeof eq>, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(mobileCodes)
    .where(and(where, gt(mobileCodes.createdAt, new Date(now.getTime() - DAY_MS))));
  return Number(row?.n ?? 0);
}

/** Advisory-lock key spaces (two-key form): one per number, one per address. */
const LOCK_NUMBER = 2601;
const LOCK_ADDRESS = 2602;

/**
 * Sends a 6-digit code by SMS to the mobile for the purpose. Refused with a
 * 429-style code when one went to the same number for the same purpose less
 * than a minute ago (OTP_RESEND_TOO_SOON, its seconds), or past the number's or
 * the address's daily cap. The checks and the insert run under per-number and
 * per-address locks, so parallel requests cannot slip past them. A new code
 * closes the older ones of the number and purpose. Only the code's HMAC is
 * stored; the code is in the SMS and nowhere else (never logged). When the SMS
 * cannot be sent the code is withdrawn and OTP_SMS_FAILED answered.
 */
export async function sendOtp(
  deps: OtpDeps,
  input: { mobile: string; purpose: OtpPurpose; ip: string; lang?: 'en' | 'bn' },
): Promise<{ resendAfterSeconds: number }> {
  const mobile = otpMobile(input.mobile);
  const { purpose } = input;
  const ip = input.ip ?? '';
  const code = newCode();
  const id = newId();
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NUMBER}, hashtext(${mobile}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ADDRESS}, hashtext(${ip}))`);
    const [latest] = await tx
      .select({ createdAt: mobileCodes.createdAt })
      .from(mobileCodes)
      .where(and(eq(mobileCodes.mobile, mobile), eq(mobileCodes.purpose, purpose)))
      .orderBy(desc(mobileCodes.createdAt))
      .limit(1);
    const since = latest ? now.getTime() - latest.createdAt.getTime() : Infinity;
    if (since < MOBILE_CODE_RESEND_MS) throw appError('OTP_RESEND_TOO_SOON', { seconds: Math.max(1, Math.ceil((MOBILE_CODE_RESEND_MS - since) / 1000)) });
    if ((await sentToday(tx, eq(mobileCodes.mobile, mobile), now)) >= MOBILE_CODES_PER_NUMBER_PER_DAY) throw appError('OTP_NUMBER_DAILY_CAP');
    if ((await sentToday(tx, eq(mobileCodes.ip, ip), now)) >= MOBILE_CODES_PER_ADDRESS_PER_DAY) throw appError('OTP_ADDRESS_DAILY_CAP');
    // Only the newest code counts; a day of rows stays for the caps, older ones go.
    await tx.delete(mobileCodes).where(and(eq(mobileCodes.mobile, mobile), lt(mobileCodes.createdAt, new Date(now.getTime() - DAY_MS))));
    await tx
      .update(mobileCodes)
      .set({ usedAt: now })
      .where(and(eq(mobileCodes.mobile, mobile), eq(mobileCodes.purpose, purpose), isNull(mobileCodes.usedAt)));
    await tx.insert(mobileCodes).values({
      id,
      mobile,
      purpose,
      ip,
      codeHash: hashCode(deps.config.JWT_SECRET, id, code),
      expiresAt: new Date(now.getTime() + MOBILE_CODE_TTL_MS),
      createdAt: now,
    });
  });
  try {
    await deps.sms.send({ to: mobile, text: otpSmsText(deps.config.SHOP_NAME, purpose, code) });
  } catch {
    // A code nobody received is withdrawn: it cannot be guessed, and it does not count toward the caps.
    await deps.db.delete(mobileCodes).where(eq(mobileCodes.id, id));
    throw appError('OTP_SMS_FAILED');
  }
  return { resendAfterSeconds: MOBILE_CODE_RESEND_MS / 1000 };
}

/**
 * Checks the code against the newest open code of the number and purpose and
 * consumes it, or throws: OTP_CODE_EXPIRED (none open, expired, or already
 * used), OTP_CODE_LOCKED (5 wrong tries), OTP_CODE_WRONG (with the tries left).
 * Wrong tries are counted in one conditional update, so parallel guesses cannot
 * exceed 5; the code is consumed by one `UPDATE … WHERE used_at IS NULL`, so of
 * two verifies racing with the right code exactly one succeeds. Pass a
 * transaction as deps.db to consume the code together with what it allows.
 */
export async function verifyOtp(deps: OtpCheckDeps, input: { mobile: string; purpose: OtpPurpose; code: string }): Promise<void> {
  const mobile = otpMobile(input.mobile);
  const code = String(input.code ?? '').trim();
  const { db } = deps;
  const [row] = await db
    .select({ id: mobileCodes.id, codeHash: mobileCodes.codeHash, expiresAt: mobileCodes.expiresAt, attempts: mobileCodes.attempts })
    .from(mobileCodes)
    .where(and(eq(mobileCodes.mobile, mobile), eq(mobileCodes.purpose, input.purpose), isNull(mobileCodes.usedAt)))
    .orderBy(desc(mobileCodes.createdAt))
    .limit(1);
  const now = new Date();
  if (!row || row.expiresAt <= now) throw appError('OTP_CODE_EXPIRED');
  if (row.attempts >= MOBILE_CODE_MAX_ATTEMPTS) throw appError('OTP_CODE_LOCKED');
  if (!/^\d{6}$/.test(code) || !sameHex(row.codeHash, hashCode(deps.config.JWT_SECRET, row.id, code))) {
    const [counted] = await db
      .update(mobileCodes)
      .set({ attempts: sql`${mobileCodes.attempts} + 1` })
      .where(and(eq(mobileCodes.id, row.id), lt(mobileCodes.attempts, MOBILE_CODE_MAX_ATTEMPTS)))
      .returning({ attempts: mobileCodes.attempts });
    const left = counted ? MOBILE_CODE_MAX_ATTEMPTS - counted.attempts : 0;
    if (left <= 0) throw appError('OTP_CODE_LOCKED');
    throw appError('OTP_CODE_WRONG', { left });
  }
  const [used] = await db
    .update(mobileCodes)
    .set({ usedAt: now })
    .where(and(eq(mobileCodes.id, row.id), isNull(mobileCodes.usedAt), lt(mobileCodes.attempts, MOBILE_CODE_MAX_ATTEMPTS), gt(mobileCodes.expiresAt, now)))
    .returning({ id: mobileCodes.id });
  if (!used) throw appError('OTP_CODE_EXPIRED');
}

/** Drops the codes over a day old (the caps count only the last day). Run by the periodic sweep. */
export async function sweepMobileCodes(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db.delete(mobileCodes).where(lt(mobileCodes.createdAt, new Date(now.getTime() - DAY_MS))).returning({ id: mobileCodes.id });
  return gone.length;
}
