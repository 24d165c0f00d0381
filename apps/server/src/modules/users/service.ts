import { hash, verify } from '@node-rs/argon2';
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RegisterInput, LoginInput, UpdatePasswordInput } from '@haat/shared/schemas/auth';
import type { UpdateUserInput } from '@haat/shared/schemas/user';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { passwordResetCodes, refreshSessions, users } from '../../db/schema';
import { signAccessToken } from '../../lib/auth';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Mailer } from '../../lib/mail';
import { otpEmail } from './emails';
import {
  hashOtp,
  hashToken,
  newOtp,
  newRefreshToken,
  newResetToken,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_MS,
  OTP_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
  RESET_WINDOW_MS,
  sameHash,
} from './tokens';

type UserRow = typeof users.$inferSelect;

/** get-user's shape: spec §3 field names, never a hash or a code. */
export function publicUser(u: UserRow) {
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
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

export const EMAIL_TAKEN = 'An account with this email already exists. Please log in instead.';
export const BAD_CREDENTIALS = 'Invalid email or password.';
export const OTP_WRONG = 'Invalid OTP. Please check the code and try again.';
export const OTP_DEAD = 'This code has expired or is no longer valid. Please request a new one.';
export const RESET_NOT_VERIFIED = 'Please verify the code sent to your email before choosing a new password.';

/** A refresh token's session, if it is live. */
async function liveSession(db: Db, refreshToken: string) {
  const [row] = await db
    .select({ id: refreshSessions.id, userId: refreshSessions.userId, status: users.status })
    .from(refreshSessions)
    .innerJoin(users, eq(users.id, refreshSessions.userId))
    .where(
      and(eq(refreshSessions.tokenHash, hashToken(refreshToken)), isNull(refreshSessions.revokedAt), gt(refreshSessions.expiresAt, new Date())),
    );
  return row && row.status === 'Active' ? row : null;
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

export function createUserService(deps: { config: Config; db: Db; mailer: Mailer; log: FastifyBaseLogger }) {
  const { config, db, mailer, log } = deps;

  async function findByEmail(email: string) {
    const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
    return row ?? null;
  }

  async function getUser(userId: string) {
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    if (!row) throw notFound('User not found.');
    return row;
  }

  return {
    async register(input: RegisterInput) {
      const email = normalizeEmail(input.email);
      if (await findByEmail(email)) throw conflict(EMAIL_TAKEN);
      const passwordHash = await hash(input.password);
      try {
        await db.insert(users).values({ id: newId(), name: input.name.trim(), email, passwordHash });
      } catch (err) {
        // Two registrations racing for one e-mail: the unique index decides.
        if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
        throw err;
      }
    },

    async login(input: LoginInput) {
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

    async refresh(refreshToken: string | null) {
      const session = refreshToken ? await liveSession(db, refreshToken) : null;
      if (!session) throw unauthorized('Your session has ended. Please log in again.');
      return { access_token: await signAccessToken(config, session.userId, session.id) };
    },

    async logout(refreshToken: string | null) {
      if (!refreshToken) return;
      await db
        .update(refreshSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshSessions.tokenHash, hashToken(refreshToken)), isNull(refreshSessions.revokedAt)));
    },

    async getUser(userId: string) {
      return publicUser(await getUser(userId));
    },

    async updateUser(userId: string, sessionId: string | undefined, input: UpdateUserInput) {
      const changes: Partial<typeof users.$inferInsert> = {};
      if (input.name) changes.name = input.name;
      if (input.mobile !== undefined) changes.mobile = input.mobile || null;
      if (input.email) {
        const email = normalizeEmail(input.email);
        const other = await findByEmail(email);
        if (other && other.id !== userId) throw conflict('This email is already used by another account.');
        changes.email = email;
      }
      if (input.password) changes.passwordHash = await hash(input.password);
      if (Object.keys(changes).length === 0) return publicUser(await getUser(userId));
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

    async setAvatar(userId: string, url: string) {
      const [row] = await db.update(users).set({ avatar: url, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
      if (!row) throw notFound('User not found.');
      return row.avatar;
    },

    /** Always succeeds for the caller; mails a code only where the account exists and no code went out in the last minute. */
    async forgotPassword(emailInput: string) {
      const user = await findByEmail(emailInput);
      if (!user || user.status !== 'Active') return;
      const [latest] = await db
        .select({ createdAt: passwordResetCodes.createdAt })
        .from(passwordResetCodes)
        .where(eq(passwordResetCodes.userId, user.id))
        .orderBy(desc(passwordResetCodes.createdAt))
        .limit(1);
      if (latest && Date.now() - latest.createdAt.getTime() < OTP_RESEND_MS) return;
      const code = newOtp();
      const id = newId();
      await db.transaction(async (tx) => {
        // Only the newest code counts.
        await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
        await tx.insert(passwordResetCodes).values({
          id,
          userId: user.id,
          codeHash: hashOtp(config.JWT_SECRET, id, code),
          expiresAt: new Date(Date.now() + OTP_TTL_MS),
        });
      });
      try {
        await mailer.send(otpEmail(user.email, user.name, code));
      } catch (err) {
        // The answer stays the same so nobody learns whether the account exists; the code is withdrawn.
        log.error({ err }, 'password reset mail failed');
        await db.delete(passwordResetCodes).where(eq(passwordResetCodes.id, id));
      }
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
      if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= OTP_MAX_ATTEMPTS) throw badRequest(OTP_DEAD);
      if (!sameHash(row.codeHash, hashOtp(config.JWT_SECRET, row.id, otp))) {
        // Counted atomically, so parallel guesses cannot exceed the limit.
        const [counted] = await db
          .update(passwordResetCodes)
          .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
          .where(and(eq(passwordResetCodes.id, row.id), lt(passwordResetCodes.attempts, OTP_MAX_ATTEMPTS)))
          .returning({ attempts: passwordResetCodes.attempts });
        if (!counted || counted.attempts >= OTP_MAX_ATTEMPTS) throw badRequest(OTP_DEAD);
        throw badRequest(OTP_WRONG);
      }
      // A new token each time the code is verified; only its hash is kept, and it replaces any earlier one.
      const resetToken = newResetToken();
      const [verified] = await db
        .update(passwordResetCodes)
        .set({ verifiedAt: new Date(), resetTokenHash: hashToken(resetToken) })
        .where(and(eq(passwordResetCodes.id, row.id), isNull(passwordResetCodes.usedAt)))
        .returning({ id: passwordResetCodes.id });
      if (!verified) throw badRequest(OTP_DEAD);
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

export type UserService = ReturnType<typeof createUserService>;
