import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { MobileOtpVerifyInput, TokenPair } from '@haat/shared/schemas/auth';
import type { UserView } from '@haat/shared/schemas/user';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { addresses, cartItems, users } from '../../db/schema';
import { appError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { SmsSender } from '../../lib/sms';
import { isStaff } from '@haat/shared/permissions';
import type { Actor } from '../../lib/auth';
import { record } from '../audit/index';
import { moveOrdersToAccount } from '../orders/index';
import { checkOtp, consumeOtp, deviceCookie, otpMobile, sendOtp } from '../otp/index';
import { publicUser, revokeSessions, startSession } from './service';

/** What signing in with a mobile needs: the database, the SMS sender, the secrets and the shop's name. */
interface MobileDeps {
  config: Config;
  db: Db;
  sms: SmsSender;
}

/** The account a verified mobile signs in, if any. */
async function accountOfMobile(db: DbOrTx, mobile: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.mobile, mobile), isNotNull(users.mobileVerifiedAt)));
  return row ?? null;
}

/** An account made by signing in with a mobile that has not yet been given an e-mail or a password. */
const phoneOnly = (u: typeof users.$inferSelect) => u.email === null && u.passwordHash === null;

/**
 * Moves a phone account's cart, addresses and orders into the signed-in account
 * and disables it (decision 0061): the person keeps one account. A product in
 * both carts keeps the larger quantity.
 */
async function joinInto(tx: DbOrTx, from: typeof users.$inferSelect, toUserId: string, by: Actor) {
  const fromUserId = from.id;
  const lines = await tx.select().from(cartItems).where(eq(cartItems.userId, fromUserId));
  for (const line of lines) {
    await tx
      .insert(cartItems)
      .values({ id: newId(), userId: toUserId, productId: line.productId, variantId: line.variantId, quantity: line.quantity })
      .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId, cartItems.variantId], set: { quantity: sql`greatest(${cartItems.quantity}, excluded.quantity)`, updatedAt: new Date() } });
  }
  await tx.delete(cartItems).where(eq(cartItems.userId, fromUserId));
  const moved = await tx.update(addresses).set({ userId: toUserId, updatedAt: new Date() }).where(eq(addresses.userId, fromUserId)).returning({ id: addresses.id });
  const orders = await moveOrdersToAccount(tx, fromUserId, toUserId);
  // Every join is on the audit log (issue 41): an account disappears into another.
  await record(tx, by, { kind: 'account', action: 'merge', targetId: fromUserId, label: from.mobile ?? '', before: { status: from.status, joined_into: null }, after: { status: 'Inactive', joined_into: toUserId, orders_moved: orders, addresses_moved: moved.length } });
  await tx.update(users).set({ status: 'Inactive', mobileVerifiedAt: null, updatedAt: new Date() }).where(eq(users.id, fromUserId));
  await revokeSessions(tx, fromUserId);
}

/**
 * Signing in with a mobile and an SMS code, and verifying a mobile on the
 * profile (issue 26, decision 0061), on the otp module's codes.
 */
export function createMobileService(deps: MobileDeps) {
  const { config, db, sms } = deps;
  const otp = { db, sms, config };
  return {
    /**
     * Texts a sign-in code to any valid number, with or without an account: the answer tells nothing. The
     * cookie header may prove the browser signed in with the number before (decision 0091).
     */
    sendLoginCode(mobile: string, ip: string, cookie?: string) {
      return sendOtp(otp, { mobile, purpose: 'login', ip, cookie });
    },

    /** The Set-Cookie that marks this browser as the number's own, after a right code (decision 0091). */
    deviceCookie(mobile: string) {
      return deviceCookie(config.JWT_SECRET, mobile, config.isProduction);
    },

    /**
     * Signs in with the texted code, answering the tokens like user/login. The
     * first time, the account is made: a shopper with that verified mobile, no
     * e-mail and no password. Of two first sign-ins racing, the unique index of
     * verified mobiles keeps one account.
     */
    async loginWithCode(input: MobileOtpVerifyInput): Promise<TokenPair> {
      const mobile = otpMobile(input.mobile);
      await consumeOtp(db, await checkOtp(otp, { mobile, purpose: 'login', code: input.otp }));
      let user = await accountOfMobile(db, mobile);
      if (!user) {
        await db.insert(users).values({ id: newId(), name: '', mobile, mobileVerifiedAt: new Date() }).onConflictDoNothing();
        user = await accountOfMobile(db, mobile);
      }
      if (!user) throw appError('INTERNAL');
      if (user.status !== 'Active') throw appError('ACCOUNT_INACTIVE');
      return startSession({ config, db }, user.id);
    },

    /** Texts a code to confirm a mobile for the signed-in account. */
    sendVerifyCode(mobile: string, ip: string, cookie?: string) {
      return sendOtp(otp, { mobile, purpose: 'verify', ip, cookie });
    },

    /**
     * The mobile becomes the account's verified mobile (it then signs it in).
     * When it signed in another account, one made by signing in with this
     * mobile and never given an e-mail, that account is joined into this one
     * (cart, addresses, orders) and disabled, on the audit log. One with an
     * e-mail, or a staff account (invited by mobile, decision 0068), is not
     * taken over: MOBILE_TAKEN, and the code stays unused.
     */
    async verifyMobile(actor: Actor, input: MobileOtpVerifyInput): Promise<{ user: UserView; joined: boolean }> {
      const userId = actor.id;
      const mobile = otpMobile(input.mobile);
      const ticket = await checkOtp(otp, { mobile, purpose: 'verify', code: input.otp });
      try {
        return await db.transaction(async (tx) => {
          const other = await accountOfMobile(tx, mobile);
          const joined = !!other && other.id !== userId;
          // A staff account is never folded into a shopper's (issue 41): its role would end with no one told.
          if (other && joined && (!phoneOnly(other) || isStaff(other.role))) throw appError('MOBILE_TAKEN');
          await consumeOtp(tx, ticket);
          if (other && joined) await joinInto(tx, other, userId, actor);
          const [row] = await tx
            .update(users)
            .set({ mobile, mobileVerifiedAt: new Date(), updatedAt: new Date() })
            .where(and(eq(users.id, userId), ne(users.status, 'Suspended')))
            .returning();
          if (!row) throw appError('USER_NOT_FOUND');
          return { user: publicUser(row), joined };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw appError('MOBILE_TAKEN');
        throw err;
      }
    },
  };
}
