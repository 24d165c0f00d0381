import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { newId } from '../../lib/ids';

/**
 * Creates the admin, or promotes (and re-passwords) an existing account with
 * that e-mail. Used at start-up (ADMIN_EMAIL / demo admin) and by create-admin.
 */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<'created' | 'promoted'> {
  const normalized = email.trim().toLowerCase();
  const passwordHash = await hash(password);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalized));
  if (existing) {
    await db.update(users).set({ role: 'ADMIN', passwordHash, updatedAt: new Date() }).where(eq(users.id, existing.id));
    return 'promoted';
  }
  await db.insert(users).values({
    id: newId(),
    name: 'Admin',
    email: normalized,
    passwordHash,
    role: 'ADMIN',
    verified: true,
  });
  return 'created';
}
