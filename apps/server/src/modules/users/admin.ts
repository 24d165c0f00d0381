import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { emailField } from '@haat/shared/schemas/auth';
import { PASSWORD_MIN } from '@haat/shared/constants';
import type { Db } from '../../db/client';
import { refreshSessions, users } from '../../db/schema';
import { newId } from '../../lib/ids';

/**
 * Creates the admin, or promotes an existing account with that e-mail (made
 * ADMIN and active again).
 *
 * Promoting an account that is not yet an admin always sets the operator's
 * password and ends its sessions: whoever registered that e-mail first must
 * not keep their own password on an admin account. An account that already is
 * an active admin is left alone at start-up (ADMIN_EMAIL, the demo admin), so a
 * restart does not undo a password the admin changed or sign them out.
 * `create-admin` from the shell (`resetPassword`) sets the password in every
 * case, which is how an owner who lost it gets back in. The demo admin
 * (`createOnly`) is only ever created: once demoted or suspended it stays so.
 */
export async function ensureAdmin(
  db: Db,
  email: string,
  password: string,
  { resetPassword = false, createOnly = false }: { resetPassword?: boolean; createOnly?: boolean } = {},
): Promise<'created' | 'promoted' | 'unchanged'> {
  const normalized = emailField.parse(email).toLowerCase();
  if (password.length < PASSWORD_MIN) throw new Error(`The admin password must be at least ${PASSWORD_MIN} characters.`);
  const passwordHash = await hash(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id, role: users.role, status: users.status }).from(users).where(eq(users.email, normalized));
    if (existing) {
      if (createOnly) return 'unchanged' as const;
      if (!resetPassword && existing.role === 'ADMIN' && existing.status === 'Active') return 'unchanged' as const;
      await tx.update(users).set({ role: 'ADMIN', status: 'Active', passwordHash, updatedAt: new Date() }).where(eq(users.id, existing.id));
      await tx.update(refreshSessions).set({ revokedAt: new Date() }).where(eq(refreshSessions.userId, existing.id));
      return 'promoted' as const;
    }
    await tx.insert(users).values({ id: newId(), name: 'Admin', email: normalized, passwordHash, role: 'ADMIN', verified: true });
    return 'created' as const;
  });
}
