import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { asc, eq, ne } from 'drizzle-orm';
import { isStaff } from '@haat/shared/permissions';
import type { StaffEmailInput, StaffInviteInput, StaffMember, StaffUpdateInput } from '@haat/shared/schemas/staff';
import { paths } from '@haat/shared/paths';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { record } from '../audit/index';
import { normalizeEmail, revokeSessions } from './service';

type UserRow = typeof users.$inferSelect;

function staffMember(u: UserRow): StaffMember {
  if (!isStaff(u.role)) throw new Error('staffMember: not a staff account');
  return { _id: u.id, name: u.name, email: u.email ?? '', mobile: u.mobileVerifiedAt ? u.mobile : null, role: u.role, status: u.status, last_logit_date: u.lastLoginAt?.toISOString() ?? null };
}

/**
 * Staff management (issue 28, decision 0064), the Owner's: invite, change a
 * role, disable. The guard reads the role and status on every request, and a
 * change revokes the person's refresh sessions in the same transaction, so it
 * ends their sessions at once.
 */
/** The text of a mobile invitation (Bangla, as the shop's other texts): sign in with this number. */
export function staffInviteSms(shopName: string, publicUrl: string): string {
  return `${shopName}: আপনাকে কর্মী হিসেবে যোগ করা হয়েছে। এই নম্বর দিয়ে লগইন করুন: ${publicUrl}${paths.loginMobile()}`;
}

/** How an invitation reaches the person: a job queued in the transaction that makes the account (decision 0073). */
export interface StaffInviteSenders {
  loginCode(tx: Tx, email: string): Promise<unknown>;
  /** `base`: the shop's public address, for the sign-in link. */
  mobileInvite(tx: Tx, mobile: string, base: string): Promise<unknown>;
}

/**
 * Makes the account with the role, then sends the way in: by e-mail, an
 * unknowable password and a sign-in code (they set a password from the
 * profile); by mobile (decision 0068), the number as the account's verified
 * mobile (the Owner vouches for it; only its SIM can receive the sign-in
 * code) and a text saying to sign in with it.
 */
async function inviteStaff(db: Db, send: StaffInviteSenders, input: StaffInviteInput, actor: Actor, base: string): Promise<StaffMember> {
  const email = input.email === undefined ? null : normalizeEmail(input.email);
  const mobile = input.mobile ?? null;
  const passwordHash = email ? await hash(randomBytes(32).toString('base64url')) : null;
  try {
    const row = await db.transaction(async (tx) => {
      const [made] = await tx
        .insert(users)
        .values({ id: newId(), name: input.name, email, passwordHash, role: input.role, ...(mobile ? { mobile, mobileVerifiedAt: new Date() } : {}) })
        .returning();
      await record(tx, actor, { kind: 'staff', action: 'invite', targetId: made!.id, label: email ?? mobile ?? undefined, after: { name: made!.name, email, mobile, role: made!.role } });
      if (email) await send.loginCode(tx, email);
      else await send.mobileInvite(tx, mobile!, base);
      return made;
    });
    return staffMember(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw appError(email ? 'STAFF_EMAIL_TAKEN' : 'STAFF_MOBILE_TAKEN');
    throw err;
  }
}

export function createStaffService(db: Db, send: StaffInviteSenders) {
  return {
    async list(): Promise<StaffMember[]> {
      const rows = await db.select().from(users).where(ne(users.role, 'USER')).orderBy(asc(users.createdAt), asc(users.id));
      return rows.map(staffMember);
    },

    invite: (input: StaffInviteInput, actor: Actor, base: string) => inviteStaff(db, send, input, actor, base),

    /**
     * A second way in for a staff member invited by mobile (issue 41): SMS codes can be held back (a stranger's
     * requests, a gateway down) and the number was their only way in. The Owner gives the account an e-mail, as
     * an e-mail invitation would: an unknowable password and an e-mailed sign-in code, after which the person
     * signs in with a code by e-mail or sets a password (forgot-password). The Owner vouches for the address as
     * for the number; one already set is not replaced here (STAFF_HAS_EMAIL): that would hand the account over.
     */
    async addEmail(actor: Actor, id: string, input: StaffEmailInput): Promise<StaffMember> {
      const email = normalizeEmail(input.email);
      const unknowable = await hash(randomBytes(32).toString('base64url'));
      try {
        return await db.transaction(async (tx) => {
          const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
          if (!current || !isStaff(current.role)) throw appError('STAFF_NOT_FOUND');
          if (current.email !== null) throw appError('STAFF_HAS_EMAIL');
          const [row] = await tx
            .update(users)
            .set({ email, passwordHash: current.passwordHash ?? unknowable, updatedAt: new Date() })
            .where(eq(users.id, id))
            .returning();
          await record(tx, actor, { kind: 'staff', action: 'update', targetId: id, label: current.mobile ?? undefined, before: { email: null }, after: { email } });
          await send.loginCode(tx, email);
          return staffMember(row!);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw appError('STAFF_EMAIL_TAKEN');
        throw err;
      }
    },

    async update(actor: Actor, id: string, input: StaffUpdateInput): Promise<StaffMember> {
      if (id === actor.id) throw appError('STAFF_NOT_SELF');
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
        if (!current || !isStaff(current.role)) throw appError('STAFF_NOT_FOUND');
        const [row] = await tx
          .update(users)
          .set({ ...(input.role ? { role: input.role } : {}), ...(input.status ? { status: input.status } : {}), updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning();
        await revokeSessions(tx, id);
        await record(tx, actor, { kind: 'staff', action: 'update', targetId: id, label: current.email ?? undefined, before: { role: current.role, status: current.status }, after: { role: row!.role, status: row!.status } });
        return staffMember(row!);
      });
    },
  };
}
