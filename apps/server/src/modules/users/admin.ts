import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { emailField } from '@haat/shared/schemas/auth';
import { PASSWORD_MIN } from '@haat/shared/constants';
import type { Db } from '../../db/client';
import { refreshSessions, users } from '../../db/schema';
import { newId } from '../../lib/ids';

/**
 * Creates the admin, or promotes (and re-passwords) an existing account with
 * that e-mail. Used at start-up (ADMIN_EMAIL / demo admin) and by create-admin.
 * A promoted account is made active again; when its password changes, its
 * other sessions end.
 */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<'created' | 'promoted'> {
  const normalized = emailField.parse(email).toLowerCase();
  if (password.length < PASSWORD_MIN) throw new Error(`The admin password must be at least ${PASSWORD_MIN} characters.`);
  const passwordHash = await hash(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, normalized));
    if (existing) {
      await tx.update(users).set({ role: 'ADMIN', status: 'Active', passwordHash, updatedAt: new Date() }).where(eq(users.id, existing.id));
      await tx.update(refreshSessions).set({ revokedAt: new Date() }).where(eq(refreshSessions.userId, existing.id));
      return 'promoted' as const;
    }
    await tx.insert(users).values({ id: newId(), name: 'Admin', email: normalized, passwordHash, role: 'ADMIN', verified: true });
    return 'created' as const;
  });
}
