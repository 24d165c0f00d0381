import { hash, verify } from '@node-rs/argon2';
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { AccessToken, RegisterInput, LoginInput, TokenPair, UpdatePasswordInput } from '@haat/shared/schemas/auth';
import { ALLOWED_AVATAR_FORMATS } from '@haat/shared/constants';
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG, needsCurrentPassword, type UpdateUserInput, type UserView } from '@haat/shared/schemas/user';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { addresses, cartItems, orders, passwordResetCodes, refreshSessions, users } from '../../db/schema';
import { signAccessToken } from '../../lib/auth';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { removeImage, storeImage } from '../../lib/images';
import type { Mailer } from '../../lib/mail';
import type { UploadedFile } from '../../lib/multipart';
import type { TaskQueue } from '../../lib/task-queue';
import type { Lang } from '../../lib/language';
import { otpEmail, otpLockedEmail, registerAttemptEmail } from './emails';
import {
  hashOtp,
  hashToken,
  newOtp,
  newRefreshToken,
  newResetToken,
  OTP_ACCOUNT_MAX_FAILURES,
  OTP_ACCOUNT_WINDOW_MS,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_MS,
  OTP_TTL_MS,
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
    email: u.email,
    avatar: u.avatar,
    mobile: u.mobile,
    role: u.role,
    status: u.status,
    verified: u.verified,
    last_logit_date: u.lastLoginAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
  };
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const BAD_CREDENTIALS = 'Invalid email or password.';
/**
 * Every failed verify-otp says this, whether the e-mail has an account, a
 * live code, or none: a different text would tell a stranger which e-mails exist.
 */
export const OTP_INVALID = 'Invalid or expired OTP. Please check the code, or request a new one.';
export const RESET_NOT_VERIFIED = 'Please verify the code sent to your email before choosing a new password.';

export const SESSION_ENDED = 'Your session has ended. Please log in again.';

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

async function revokeSessions(tx: DbOrTx, userId: string, exceptSessionId?: string) {
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

export function createUserService(deps: { config: Config; db: Db; mailer: Mailer; mailQueue: TaskQueue }) {
  const { config, db, mailer, mailQueue } = deps;

  async function findByEmail(email: string) {
    const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
    return row ?? null;
  }

  async function getUser(userId: string) {
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    if (!row) throw notFound('User not found.');
    return row;
  }

  /**
   * The background half of forgot-password: mails a code where the account
   * exists and no code went out in the last minute. Earlier codes are kept
   * (marked used) for a day, so their wrong guesses count toward the
   * account's cap: asking for new codes does not buy more guesses.
   */
  async function sendResetCode(email: string, lang: Lang) {
    const user = await findByEmail(email);
    if (!user || user.status !== 'Active') return;
    const [latest] = await db
      .select({ createdAt: passwordResetCodes.createdAt })
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, user.id))
      .orderBy(desc(passwordResetCodes.createdAt))
      .limit(1);
    if (latest && Date.now() - latest.createdAt.getTime() < OTP_RESEND_MS) return;
    if ((await recentOtpFailures(db, user.id)) >= OTP_ACCOUNT_MAX_FAILURES) {
      // Tell the owner once: the codes still open are closed now, and later requests find none to close.
      const closed = await db
        .update(passwordResetCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetCodes.userId, user.id), isNull(passwordResetCodes.usedAt)))
        .returning({ id: passwordResetCodes.id });
      if (closed.length > 0) await mailer.send(otpLockedEmail(user.email, user.name, lang));
      return;
    }
    const code = newOtp();
    const id = newId();
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
      await mailer.send(otpEmail(user.email, user.name, code, lang));
    } catch (err) {
      // A code nobody received is withdrawn, so it cannot be guessed.
      await db.delete(passwordResetCodes).where(eq(passwordResetCodes.id, id));
      throw err;
    }
  }

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
      mailQueue.push('register attempt mail', async () => {
        const owner = await findByEmail(email);
        if (owner) await mailer.send(registerAttemptEmail(owner.email, owner.name, lang));
      });
    },

    async login(input: LoginInput): Promise<TokenPair> {
      const user = await findByEmail(input.email);
      if (!user) {
        // Spend the same hashing time for an unknown e-mail, so timing does not tell which was wrong.
        await hash(input.password);
        throw unauthorized(BAD_CREDENTIALS);
      }
      if (!(await verify(user.passwordHash, input.password))) throw unauthorized(BAD_CREDENTIALS);
      if (user.status !== 'Active') throw new AppError(403, 'This account is not active. Please contact support.');
      const refreshToken = newRefreshToken();
      const sessionId = newId();
      await db.transaction(async (tx) => {
        await tx.insert(refreshSessions).values({
          id: sessionId,
          userId: user.id,
          tokenHash: hashToken(refreshToken),
          expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
        });
        await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
      });
      return { access_token: await signAccessToken(config, user.id, sessionId), refresh_token: refreshToken };
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
      if (!presented || !session || session.revokedAt || session.expiresAt <= now || session.status !== 'Active') throw unauthorized(SESSION_ENDED);
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
        throw unauthorized(SESSION_ENDED);
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

    /** Spec §3 lists address_details, orderHistory and shopping_cart on the user: answered as id lists, oldest first. */
    async getUser(userId: string) {
      const user = publicUser(await getUser(userId));
      const [addressRows, orderRows, cartRows] = await Promise.all([
        db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt), asc(addresses.id)),
        db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt), asc(orders.id)),
        db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id)),
      ]);
      const list = (rows: { id: string }[]) => rows.map((r) => r.id);
      return { ...user, address_details: list(addressRows), orderHistory: list(orderRows), shopping_cart: list(cartRows) };
    },

    async updateUser(userId: string, sessionId: string | undefined, input: UpdateUserInput) {
      const current = await getUser(userId);
      // The e-mail and the password take over the account, so they need the password too, not just a token.
      if (needsCurrentPassword(current.email, input)) {
        if (!input.currentPassword) throw badRequest(CURRENT_PASSWORD_REQUIRED);
        if (!(await verify(current.passwordHash, input.currentPassword))) throw badRequest(CURRENT_PASSWORD_WRONG);
      }
      const changes: Partial<typeof users.$inferInsert> = {};
      if (input.name) changes.name = input.name;
      if (input.mobile !== undefined) changes.mobile = input.mobile || null;
      if (input.email && normalizeEmail(input.email) !== current.email) {
        const email = normalizeEmail(input.email);
        const other = await findByEmail(email);
        if (other && other.id !== userId) throw conflict('This email is already used by another account.');
        changes.email = email;
      }
      if (input.password) changes.passwordHash = await hash(input.password);
      if (Object.keys(changes).length === 0) return publicUser(current);
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.update(users).set({ ...changes, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
          if (!row) throw notFound('User not found.');
          // A new password ends every other session; this device stays signed in.
          if (changes.passwordHash) await revokeSessions(tx, userId, sessionId);
          return publicUser(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('This email is already used by another account.');
        throw err;
      }
    },

    /**
     * Decodes the uploaded picture (png or jpeg only, 415 else), stores it, sets
     * it as the avatar and deletes the replaced picture's files, unless another
     * account shows the same picture.
     */
    async setAvatar(userId: string, file: UploadedFile | undefined) {
      if (!file) throw badRequest('Please choose an image for your avatar.');
      const url = await storeImage(config.DATA_DIR, file.data, {
        dir: 'avatars',
        allowedFormats: ALLOWED_AVATAR_FORMATS,
        maxPixels: 25_000_000,
        formatMessage: 'The avatar must be a png or jpeg image.',
      });
      const old = (await getUser(userId)).avatar;
      const [row] = await db.update(users).set({ avatar: url, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
      if (!row) throw notFound('User not found.');
      if (old && old !== url) {
        // Names are content hashes, so two accounts may share one file.
        const [shared] = await db.select({ id: users.id }).from(users).where(eq(users.avatar, old)).limit(1);
        if (!shared) await removeImage(config.DATA_DIR, old);
      }
      return row.avatar;
    },

    /**
     * Queues the work and returns at once, so the answer takes the same time
     * whether or not the account exists; see sendResetCode.
     */
    forgotPassword(emailInput: string, lang: Lang = 'en'): void {
      const email = normalizeEmail(emailInput);
      mailQueue.push('password reset mail', () => sendResetCode(email, lang));
    },

    async verifyOtp(emailInput: string, otp: string) {
      const user = await findByEmail(emailInput);
      const [row] = user
        ? await db
            .select()
            .from(passwordResetCodes)
            .where(and(eq(passwordResetCodes.userId, user.id), isNull(passwordResetCodes.usedAt)))
            .orderBy(desc(passwordResetCodes.createdAt))
            .limit(1)
        : [];
      if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= OTP_MAX_ATTEMPTS) throw badRequest(OTP_INVALID);
      if ((await recentOtpFailures(db, row.userId)) >= OTP_ACCOUNT_MAX_FAILURES) throw badRequest(OTP_INVALID);
      if (!sameHash(row.codeHash, hashOtp(config.JWT_SECRET, row.id, otp))) {
        // Counted atomically, so parallel guesses cannot exceed the limit.
        await db
          .update(passwordResetCodes)
          .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
          .where(and(eq(passwordResetCodes.id, row.id), lt(passwordResetCodes.attempts, OTP_MAX_ATTEMPTS)));
        throw badRequest(OTP_INVALID);
      }
      // A new token each time the code is verified; only its hash is kept, and it replaces any earlier one.
      const resetToken = newResetToken();
      const [verified] = await db
        .update(passwordResetCodes)
        .set({ verifiedAt: new Date(), resetTokenHash: hashToken(resetToken) })
        .where(and(eq(passwordResetCodes.id, row.id), isNull(passwordResetCodes.usedAt)))
        .returning({ id: passwordResetCodes.id });
      if (!verified) throw badRequest(OTP_INVALID);
      return resetToken;
    },

    /**
     * Needs the reset token of a code verified in the last 10 minutes and not used yet;
     * then ends every session. The token is checked before any hashing work.
     */
    async updatePassword(input: UpdatePasswordInput) {
      const tokenHash = hashToken(input.resetToken);
      const user = await findByEmail(input.email);
      const [row] = user
        ? await db
            .select({ id: passwordResetCodes.id, resetTokenHash: passwordResetCodes.resetTokenHash })
            .from(passwordResetCodes)
            .where(
              and(
                eq(passwordResetCodes.userId, user.id),
                isNull(passwordResetCodes.usedAt),
                isNotNull(passwordResetCodes.resetTokenHash),
                gt(passwordResetCodes.verifiedAt, new Date(Date.now() - RESET_WINDOW_MS)),
              ),
            )
            .orderBy(desc(passwordResetCodes.createdAt))
            .limit(1)
        : [];
      if (!user || !row?.resetTokenHash || !sameHash(row.resetTokenHash, tokenHash)) throw badRequest(RESET_NOT_VERIFIED);
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
        if (!used) throw badRequest(RESET_NOT_VERIFIED);
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
        await revokeSessions(tx, user.id);
      });
    },
  };
}
