import { hash, verify } from '@node-rs/argon2';
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AccessToken, RegisterInput, LoginInput, LoginWithCodeInput, TokenPair, UpdatePasswordInput } from '@haat/shared/schemas/auth';
import { ALLOWED_AVATAR_FORMATS } from '@haat/shared/constants';
import { needsCurrentPassword, type UpdateUserInput, type UserView } from '@haat/shared/schemas/user';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { addresses, cartItems, loginCodes, loginFailures, orders, passwordResetCodes, refreshSessions, users } from '../../db/schema';
import { signAccessToken } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { removeImage, storeImage } from '../../lib/images';
import type { PictureStore } from '../../lib/storage';
import type { Mailer } from '../../lib/mail';
import type { UploadedFile } from '../../lib/multipart';
import { defineJob, MESSAGE_LEASE_SECONDS, type Jobs } from '../../lib/jobs';
import type { Lang } from '../../lib/language';
import { loginCodeEmail, otpEmail, otpLockedEmail, registerAttemptEmail } from './emails';
import {
  hashOtp,
  hashToken,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_CODE_RESEND_MS,
  LOGIN_CODE_TTL_MS,
  newLoginCode,
  newOtp,
  newRefreshToken,
  newResetToken,
  OTP_ACCOUNT_MAX_FAILURES,
  OTP_ACCOUNT_WINDOW_MS,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_MS,
  OTP_TTL_MS,
  PASSWORD_CAP_WINDOW_MS,
  PASSWORD_DAILY_CAP,
  REFRESH_REUSE_GRACE_MS,
  REFRESH_TOKEN_TTL_MS,
  RESET_WINDOW_MS,
  sameHash,
} from './tokens';

type UserRow = typeof users.$inferSelect;

/** get-user's shape: spec §3 field names, never a hash or a code. */
export function publicUser(u: UserRow): UserView {
  return {
    _id: u.id,
    name: u.name,
    email: u.email ?? '',
    avatar: u.avatar,
    mobile: u.mobile,
    mobile_verified: u.mobileVerifiedAt !== null,
    phone_only: u.passwordHash === null,
    role: u.role,
    status: u.status,
    verified: u.verified,
    last_logit_date: u.lastLoginAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Compared against when there is no code, so verify-otp and login-with-code do
 * the same work (one lookup, one HMAC, one compare, one update) whatever the
 * e-mail: the time tells nothing (issue 18).
 */
const NO_CODE_ID = 'no-code';
const NO_CODE_HASH = '0'.repeat(64);
/** The session whose current or just-replaced refresh token this is, with what refresh needs to judge it. */
async function sessionOfToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshSessions.id,
      userId: refreshSessions.userId,
      tokenHash: refreshSessions.tokenHash,
      rotatedAt: refreshSessions.rotatedAt,
      revokedAt: refreshSessions.revokedAt,
      expiresAt: refreshSessions.expiresAt,
      status: users.status,
    })
    .from(refreshSessions)
    .innerJoin(users, eq(users.id, refreshSessions.userId))
    .where(or(eq(refreshSessions.tokenHash, tokenHash), eq(refreshSessions.previousTokenHash, tokenHash)))
    .limit(1);
  return row ?? null;
}

export async function revokeSessions(tx: DbOrTx, userId: string, exceptSessionId?: string) {
  await tx
    .update(refreshSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshSessions.userId, userId),
        isNull(refreshSessions.revokedAt),
        exceptSessionId ? ne(refreshSessions.id, exceptSessionId) : undefined,
      ),
    );
}

/** Wrong OTP guesses on the account's codes within the window: the cap a new code does not reset. */
async function recentOtpFailures(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ failures: sql<number>`coalesce(sum(${passwordResetCodes.attempts}), 0)::int` })
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.userId, userId), gt(passwordResetCodes.createdAt, new Date(Date.now() - OTP_ACCOUNT_WINDOW_MS))));
  return Number(row?.failures ?? 0);
}

/**
 * Counts one wrong-password try against the e-mail before the password is
 * checked (so parallel guesses cannot slip past the cap) and answers the
 * day's count; a window over a day old starts again at 1.
 */
async function countPasswordTry(db: DbOrTx, email: string): Promise<number> {
  const now = new Date();
  const stale = sql`${loginFailures.windowStartedAt} <= ${new Date(now.getTime() - PASSWORD_CAP_WINDOW_MS).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(loginFailures)
    .values({ email, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginFailures.email,
      set: {
        failures: sql`case when ${stale} then 1 else ${loginFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${loginFailures.windowStartedAt} end`,
      },
    })
    .returning({ failures: loginFailures.failures });
  return row?.failures ?? 1;
}

/** A right password takes its try back. */
async function takeBackPasswordTry(db: DbOrTx, email: string) {
  await db
    .update(loginFailures)
    .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
    .where(eq(loginFailures.email, email));
}

/**
 * Drops the wrong-password windows over a day old (unknown e-mails leave rows too). Run by the
 * periodic sweep (routes.ts), not on each login, which so writes twice instead of three times.
 */
export async function sweepLoginFailures(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(loginFailures)
    .where(lt(loginFailures.windowStartedAt, new Date(now.getTime() - PASSWORD_CAP_WINDOW_MS)))
    .returning({ email: loginFailures.email });
  return gone.length;
}

/** When the newest code in a table went out to the user was within `resendMs`: then no new one is sent. */
async function sentWithin(db: DbOrTx, table: typeof passwordResetCodes | typeof loginCodes, userId: string, resendMs: number): Promise<boolean> {
  const [latest] = await db.select({ createdAt: table.createdAt }).from(table).where(eq(table.userId, userId)).orderBy(desc(table.createdAt)).limit(1);
  return latest !== undefined && Date.now() - latest.createdAt.getTime() < resendMs;
}

/** What the user service is given: besides the database, the mailer and the job queue its mails go out on. */
interface UserServiceDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  jobs: Jobs;
  pictures: PictureStore;
}

/** The account mails, as durable jobs (decision 0073): their payload is the address and the page's language; tried 5 times. */
const mailPayload = z.object({ email: z.string(), lang: z.enum(['en', 'bn']) });
const mailRules = { attempts: 5, leaseSeconds: MESSAGE_LEASE_SECONDS };
export const MAIL_JOBS = {
  registerAttempt: defineJob('mail.register-attempt', mailPayload, mailRules),
  loginCode: defineJob('mail.login-code', mailPayload, mailRules),
  passwordReset: defineJob('mail.password-reset', mailPayload, mailRules),
};


async function findByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
  return row ?? null;
}

async function userRow(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw appError('USER_NOT_FOUND');
  return row;
}

/** A new refresh session and its tokens; records last_logit_date. */
export async function startSession({ config, db }: Pick<UserServiceDeps, 'config' | 'db'>, userId: string): Promise<TokenPair> {
  const refreshToken = newRefreshToken();
  const sessionId = newId();
  await db.transaction(async (tx) => {
    await tx.insert(refreshSessions).values({
      id: sessionId,
      userId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
  });
  return { access_token: await signAccessToken(config, userId, sessionId), refresh_token: refreshToken };
}

/**
 * The background half of forgot-password: mails a code where the account
 * exists and no code went out in the last minute. Earlier codes are kept
 * (marked used) for a day, so their wrong guesses count toward the
 * account's cap: asking for new codes does not buy more guesses.
 */
async function sendResetCode({ config, db, mailer }: UserServiceDeps, email: string, lang: Lang, id: string) {
  // A try of this job before (which stopped before its mail went out) leaves no code behind to count as sent.
  await db.delete(passwordResetCodes).where(eq(passwordResetCodes.id, id));
  const user = await findByEmail(db, email);
  if (!user || user.status !== 'Active') return;
  if (await sentWithin(db, passwordResetCodes, user.id, OTP_RESEND_MS)) return;
  if ((await recentOtpFailures(db, user.id)) >= OTP_ACCOUNT_MAX_FAILURES) {
    // Tell the owner once: the codes still open are closed now, and later requests find none to close.
    const closed = await db
      .update(passwordResetCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetCodes.userId, user.id), isNull(passwordResetCodes.usedAt)))
      .returning({ id: passwordResetCodes.id });
    if (closed.length > 0) await mailer.send(otpLockedEmail(email, user.name, lang));
    return;
  }
  const code = newOtp();
  await db.transaction(async (tx) => {
    // Only the newest code counts; older ones stay a day for the cap, then go.
    await tx
      .delete(passwordResetCodes)
      .where(and(eq(passwordResetCodes.userId, user.id), lt(passwordResetCodes.createdAt, new Date(Date.now() - OTP_ACCOUNT_WINDOW_MS))));
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetCodes.userId, user.id), isNull(passwordResetCodes.usedAt)));
    await tx.insert(passwordResetCodes).values({
      id,
      userId: user.id,
      codeHash: hashOtp(config.JWT_SECRET, id, code),
      expiresAt: new Date(Date.now() + OTP_TTL_MS),
    });
  });
  try {
    await mailer.send(otpEmail(email, user.name, code, lang));
  } catch (err) {
    // A code nobody received is withdrawn, so it cannot be guessed.
    await db.delete(passwordResetCodes).where(eq(passwordResetCodes.id, id));
    throw err;
  }
}

/**
 * The background half of send-login-code: a new code where the account
 * exists and none went out in the last minute; only the newest code counts.
 * No daily cap: a stranger must not be able to use up the owner's way in.
 */
async function mailLoginCode({ config, db, mailer }: UserServiceDeps, email: string, lang: Lang, id: string) {
  await db.delete(loginCodes).where(eq(loginCodes.id, id));
  const user = await findByEmail(db, email);
  if (!user || user.status !== 'Active') return;
  if (await sentWithin(db, loginCodes, user.id, LOGIN_CODE_RESEND_MS)) return;
  const code = newLoginCode();
  await db.transaction(async (tx) => {
    await tx.delete(loginCodes).where(and(eq(loginCodes.userId, user.id), lt(loginCodes.createdAt, new Date(Date.now() - LOGIN_CODE_TTL_MS))));
    await tx.update(loginCodes).set({ usedAt: new Date() }).where(and(eq(loginCodes.userId, user.id), isNull(loginCodes.usedAt)));
    await tx.insert(loginCodes).values({ id, userId: user.id, codeHash: hashOtp(config.JWT_SECRET, id, code), expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_MS) });
  });
  try {
    await mailer.send(loginCodeEmail(email, user.name, code, lang));
  } catch (err) {
    // A code nobody received is withdrawn, so it cannot be guessed.
    await db.delete(loginCodes).where(eq(loginCodes.id, id));
    throw err;
  }
}

/** The account: registration, the profile and its avatar. */
function accountActions(deps: UserServiceDeps) {
  const { db, jobs, pictures } = deps;
  return {
    /**
     * Answers the same whether or not the e-mail has an account: the same
     * hashing and one insert either way. For a taken e-mail nothing is stored
     * and the owner is told by mail, after the answer has gone.
     */
    async register(input: RegisterInput, lang: Lang = 'en') {
      const email = normalizeEmail(input.email);
      const passwordHash = await hash(input.password);
      // The unique index decides, also between two registrations racing for one e-mail.
      const created = await db
        .insert(users)
        .values({ id: newId(), name: input.name.trim(), email, passwordHash })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (created.length > 0) return;
      await MAIL_JOBS.registerAttempt.enqueue(jobs, db, { email, lang });
    },

    /** Spec §3 lists address_details, orderHistory and shopping_cart on the user: answered as id lists, oldest first. */
    async getUser(userId: string) {
      const user = publicUser(await userRow(db, userId));
      const [addressRows, orderRows, cartRows] = await Promise.all([
        db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt), asc(addresses.id)),
        db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt), asc(orders.id)),
        db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id)),
      ]);
      const list = (rows: { id: string }[]) => rows.map((r) => r.id);
      return { ...user, address_details: list(addressRows), orderHistory: list(orderRows), shopping_cart: list(cartRows) };
    },

    async updateUser(userId: string, sessionId: string | undefined, input: UpdateUserInput) {
      const current = await userRow(db, userId);
      await checkCurrentPassword(current, input);
      const changes = await profileChanges(db, current, input);
      if (Object.keys(changes).length === 0) return publicUser(current);
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.update(users).set({ ...changes, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
          if (!row) throw appError('USER_NOT_FOUND');
          // A new password ends every other session; this device stays signed in.
          if (changes.passwordHash) await revokeSessions(tx, userId, sessionId);
          return publicUser(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw appError('EMAIL_TAKEN');
        throw err;
      }
    },

    setAvatar: (userId: string, file: UploadedFile | undefined) => setAvatar(db, pictures, userId, file),
  };
}

/**
 * The e-mail and the password take over the account, so they need the password too, not just a token
 * (an account made by signing in with a mobile has none to give: its first ones need only the session).
 */
async function checkCurrentPassword(current: UserRow, input: UpdateUserInput): Promise<void> {
  if (current.passwordHash === null || !needsCurrentPassword(current.email ?? '', input)) return;
  if (!input.currentPassword) throw appError('CURRENT_PASSWORD_REQUIRED');
  if (!(await verify(current.passwordHash, input.currentPassword))) throw appError('CURRENT_PASSWORD_WRONG');
}

/** What the profile form changes: the name, the mobile (unverified again), the e-mail (if nobody else's), the password. */
async function profileChanges(db: DbOrTx, current: UserRow, input: UpdateUserInput): Promise<Partial<typeof users.$inferInsert>> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name) changes.name = input.name;
  if (input.mobile !== undefined && (input.mobile || null) !== current.mobile) {
    // A verified mobile is the only way into an account without an e-mail: it stays until one is added.
    if (current.mobileVerifiedAt && current.email === null) throw appError('MOBILE_ONLY_SIGN_IN');
    changes.mobile = input.mobile || null;
    changes.mobileVerifiedAt = null;
  }
  if (input.email && normalizeEmail(input.email) !== current.email) {
    const email = normalizeEmail(input.email);
    const other = await findByEmail(db, email);
    if (other && other.id !== current.id) throw appError('EMAIL_TAKEN');
    changes.email = email;
  }
  if (input.password) changes.passwordHash = await hash(input.password);
  return changes;
}

/**
 * Decodes the uploaded picture (png or jpeg only, 415 else), stores it, sets
 * it as the avatar and deletes the replaced picture's files, unless another
 * account shows the same picture.
 */
async function setAvatar(db: Db, pictures: UserServiceDeps['pictures'], userId: string, file: UploadedFile | undefined) {
  if (!file) throw appError('AVATAR_REQUIRED');
  const url = await storeImage(pictures, file.data, {
    dir: 'avatars',
    allowedFormats: ALLOWED_AVATAR_FORMATS,
    maxPixels: 25_000_000,
    formatError: 'AVATAR_FORMAT',
  });
  const old = (await userRow(db, userId)).avatar;
  const [row] = await db.update(users).set({ avatar: url, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  if (!row) throw appError('USER_NOT_FOUND');
  if (old && old !== url) {
    // Names are content hashes, so two accounts may share one file.
    const [shared] = await db.select({ id: users.id }).from(users).where(eq(users.avatar, old)).limit(1);
    if (!shared) await removeImage(pictures, old);
  }
  return row.avatar;
}

/** Signing in with the password, and the session it starts: refresh and logout (decision 0045). */
function sessionActions(deps: UserServiceDeps) {
  const { config, db } = deps;
  return {
    /**
     * Each try counts against the e-mail's daily cap first; past the cap the
     * password is not even checked (the owner signs in with a code by e-mail).
     */
    async login(input: LoginInput): Promise<TokenPair> {
      const email = normalizeEmail(input.email);
      if ((await countPasswordTry(db, email)) > PASSWORD_DAILY_CAP) throw appError('PASSWORD_CAPPED');
      const user = await findByEmail(db, email);
      if (!user?.passwordHash) {
        // Spend the same hashing time for an unknown e-mail, so timing does not tell which was wrong.
        await hash(input.password);
        throw appError('BAD_CREDENTIALS');
      }
      if (!(await verify(user.passwordHash, input.password))) throw appError('BAD_CREDENTIALS');
      await takeBackPasswordTry(db, email);
      if (user.status !== 'Active') throw appError('ACCOUNT_INACTIVE');
      return startSession(deps, user.id);
    },

    /**
     * Rotates: the session's refresh token is replaced on every refresh. The
     * replaced token, sent again after a short grace, means someone holds a
     * copy (the owner or a thief): the session ends for both (decision 0045).
     */
    async refresh(refreshToken: string | null): Promise<AccessToken> {
      const presented = refreshToken ? hashToken(refreshToken) : null;
      const session = presented ? await sessionOfToken(db, presented) : null;
      const now = new Date();
      if (!presented || !session || session.revokedAt || session.expiresAt <= now || session.status !== 'Active') throw appError('SESSION_ENDED');
      if (session.tokenHash === presented) {
        const next = newRefreshToken();
        // Only while the presented token is still current: of two refreshes racing with it, one rotates.
        const [rotated] = await db
          .update(refreshSessions)
          .set({ tokenHash: hashToken(next), previousTokenHash: presented, rotatedAt: now })
          .where(and(eq(refreshSessions.id, session.id), eq(refreshSessions.tokenHash, presented), isNull(refreshSessions.revokedAt)))
          .returning({ id: refreshSessions.id });
        if (rotated) return { access_token: await signAccessToken(config, session.userId, session.id), refresh_token: next };
        // The other one rotated just now: this one is within the grace below.
      } else if (!session.rotatedAt || now.getTime() - session.rotatedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
        await db.update(refreshSessions).set({ revokedAt: now }).where(and(eq(refreshSessions.id, session.id), isNull(refreshSessions.revokedAt)));
        throw appError('SESSION_ENDED');
      }
      // The token just replaced (another tab's refresh won): an access token, but no refresh token to fork the session with.
      return { access_token: await signAccessToken(config, session.userId, session.id) };
    },

    /** Ends the session the refresh token names, or else the one the access token was issued for. */
    async logout(session: { refreshToken?: string | null; userId?: string; sessionId?: string }) {
      const which = session.refreshToken
        ? // A tab that has not yet read its sibling's rotated token still names the session.
          or(eq(refreshSessions.tokenHash, hashToken(session.refreshToken)), eq(refreshSessions.previousTokenHash, hashToken(session.refreshToken)))
        : session.userId && session.sessionId
          ? and(eq(refreshSessions.id, session.sessionId), eq(refreshSessions.userId, session.userId))
          : null;
      if (!which) return;
      await db
        .update(refreshSessions)
        .set({ revokedAt: new Date() })
        .where(and(which, isNull(refreshSessions.revokedAt)));
    },
  };
}

/** Signing in with a code sent by e-mail instead of the password (decision 0045). */
function loginCodeActions(deps: UserServiceDeps) {
  const { config, db, jobs } = deps;
  return {
    /**
     * Queues the code's lookup and mail (in tx's transaction when given), like forgot-password: the same one
     * insert whether or not the e-mail has an account, so the answer tells nothing.
     */
    async sendLoginCode(emailInput: string, lang: Lang = 'en', tx: DbOrTx = db): Promise<void> {
      await MAIL_JOBS.loginCode.enqueue(jobs, tx, { email: normalizeEmail(emailInput), lang });
    },

    /**
     * Signs in with the e-mailed code, whatever the password cap says. The same
     * work whether or not the e-mail has an account or a live code.
     */
    async loginWithCode(input: LoginWithCodeInput): Promise<TokenPair> {
      const [row] = await db
        .select({ id: loginCodes.id, userId: loginCodes.userId, codeHash: loginCodes.codeHash, expiresAt: loginCodes.expiresAt, attempts: loginCodes.attempts, status: users.status })
        .from(users)
        .innerJoin(loginCodes, and(eq(loginCodes.userId, users.id), isNull(loginCodes.usedAt)))
        .where(eq(users.email, normalizeEmail(input.email)))
        .orderBy(desc(loginCodes.createdAt))
        .limit(1);
      const usable = !!row && row.expiresAt.getTime() > Date.now() && row.attempts < LOGIN_CODE_MAX_ATTEMPTS && row.status === 'Active';
      const right = sameHash(usable ? row.codeHash : NO_CODE_HASH, hashOtp(config.JWT_SECRET, usable ? row.id : NO_CODE_ID, input.code));
      if (!usable || !right) {
        // Counted atomically (parallel guesses cannot exceed 5); without a live code the update matches nothing.
        await db
          .update(loginCodes)
          .set({ attempts: sql`${loginCodes.attempts} + 1` })
          .where(and(eq(loginCodes.id, usable ? row.id : NO_CODE_ID), lt(loginCodes.attempts, LOGIN_CODE_MAX_ATTEMPTS)));
        throw appError('LOGIN_CODE_INVALID');
      }
      // Used once, even by two requests racing with the right code.
      const [used] = await db
        .update(loginCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(loginCodes.id, row.id), isNull(loginCodes.usedAt), lt(loginCodes.attempts, LOGIN_CODE_MAX_ATTEMPTS)))
        .returning({ id: loginCodes.id });
      if (!used) throw appError('LOGIN_CODE_INVALID');
      return startSession(deps, row.userId);
    },
  };
}

/** The e-mail's newest open reset code, with the account's wrong guesses of the day. */
async function openResetCode(db: DbOrTx, emailInput: string) {
  const since = new Date(Date.now() - OTP_ACCOUNT_WINDOW_MS).toISOString();
  const [row] = await db
    .select({
      id: passwordResetCodes.id,
      codeHash: passwordResetCodes.codeHash,
      expiresAt: passwordResetCodes.expiresAt,
      attempts: passwordResetCodes.attempts,
      failures: sql<number>`(select coalesce(sum(p.attempts), 0)::int from password_reset_codes p where p.user_id = ${users.id} and p.created_at > ${since}::timestamptz)`,
    })
    .from(users)
    .innerJoin(passwordResetCodes, and(eq(passwordResetCodes.userId, users.id), isNull(passwordResetCodes.usedAt)))
    .where(eq(users.email, normalizeEmail(emailInput)))
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1);
  return row;
}

/** The account's newest code verified in the last RESET_WINDOW_MS and not used yet. */
async function verifiedResetCode(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: passwordResetCodes.id, resetTokenHash: passwordResetCodes.resetTokenHash })
    .from(passwordResetCodes)
    .where(
      and(
        eq(passwordResetCodes.userId, userId),
        isNull(passwordResetCodes.usedAt),
        isNotNull(passwordResetCodes.resetTokenHash),
        gt(passwordResetCodes.verifiedAt, new Date(Date.now() - RESET_WINDOW_MS)),
      ),
    )
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1);
  return row;
}

/** A forgotten password: the e-mailed code, its check, and the new password. */
function passwordResetActions(deps: UserServiceDeps) {
  const { config, db, jobs } = deps;
  return {
    /**
     * Queues the work (one insert, whatever the e-mail), so the answer takes
     * the same time whether or not the account exists; see sendResetCode.
     */
    async forgotPassword(emailInput: string, lang: Lang = 'en'): Promise<void> {
      await MAIL_JOBS.passwordReset.enqueue(jobs, db, { email: normalizeEmail(emailInput), lang });
    },

    /**
     * The same work whatever the e-mail (issue 18: a pending code took twice
     * as long): one lookup (the newest open code and the day's wrong guesses),
     * one HMAC and compare, and on failure one update, which without a live
     * code matches no row.
     */
    async verifyOtp(emailInput: string, otp: string) {
      const row = await openResetCode(db, emailInput);
      const usable =
        !!row && row.expiresAt.getTime() > Date.now() && row.attempts < OTP_MAX_ATTEMPTS && Number(row.failures) < OTP_ACCOUNT_MAX_FAILURES;
      const right = sameHash(usable ? row.codeHash : NO_CODE_HASH, hashOtp(config.JWT_SECRET, usable ? row.id : NO_CODE_ID, otp));
      if (!usable || !right) {
        // Counted atomically, so parallel guesses cannot exceed the limit.
        await db
          .update(passwordResetCodes)
          .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
          .where(and(eq(passwordResetCodes.id, usable ? row.id : NO_CODE_ID), lt(passwordResetCodes.attempts, OTP_MAX_ATTEMPTS)));
        throw appError('OTP_INVALID');
      }
      // A new token each time the code is verified; only its hash is kept, and it replaces any earlier one.
      const resetToken = newResetToken();
      const [verified] = await db
        .update(passwordResetCodes)
        .set({ verifiedAt: new Date(), resetTokenHash: hashToken(resetToken) })
        .where(and(eq(passwordResetCodes.id, row.id), isNull(passwordResetCodes.usedAt)))
        .returning({ id: passwordResetCodes.id });
      if (!verified) throw appError('OTP_INVALID');
      return resetToken;
    },

    /**
     * Needs the reset token of a code verified in the last 10 minutes and not used yet;
     * then ends every session. The token is checked before any hashing work.
     */
    async updatePassword(input: UpdatePasswordInput) {
      const tokenHash = hashToken(input.resetToken);
      const user = await findByEmail(db, input.email);
      const row = user ? await verifiedResetCode(db, user.id) : undefined;
      if (!user || !row?.resetTokenHash || !sameHash(row.resetTokenHash, tokenHash)) throw appError('RESET_NOT_VERIFIED');
      const passwordHash = await hash(input.NewPassword);
      await db.transaction(async (tx) => {
        // Marked used only with the matching token, and only once even under concurrent requests.
        const [used] = await tx
          .update(passwordResetCodes)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passwordResetCodes.id, row.id),
              isNull(passwordResetCodes.usedAt),
              eq(passwordResetCodes.resetTokenHash, tokenHash),
              gt(passwordResetCodes.verifiedAt, new Date(Date.now() - RESET_WINDOW_MS)),
            ),
          )
          .returning({ id: passwordResetCodes.id });
        if (!used) throw appError('RESET_NOT_VERIFIED');
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
        await revokeSessions(tx, user.id);
      });
    },
  };
}

/**
 * The users module's service, one part per seam: the account, password
 * sign-in and sessions, sign-in by e-mailed code, and the password reset.
 */
export function createUserService(deps: UserServiceDeps) {
  const { db, jobs, mailer } = deps;
  // The mails' jobs (decision 0073): a code row's id is its job's, so a job tried again replaces its own code.
  jobs.handle(MAIL_JOBS.registerAttempt, async ({ email, lang }) => {
    const owner = await findByEmail(db, email);
    if (owner) await mailer.send(registerAttemptEmail(email, owner.name, lang));
  });
  jobs.handle(MAIL_JOBS.loginCode, (p, job) => mailLoginCode(deps, p.email, p.lang, job.id));
  jobs.handle(MAIL_JOBS.passwordReset, (p, job) => sendResetCode(deps, p.email, p.lang, job.id));
  return { ...accountActions(deps), ...sessionActions(deps), ...loginCodeActions(deps), ...passwordResetActions(deps) };
}
