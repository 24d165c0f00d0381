import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { users } from '../src/db/schema';
import { createGuards, signAccessToken } from '../src/lib/auth';
import { ensureAdmin } from '../src/modules/users/admin';
import { createApi, tmpDir, uniqueEmail, useTestApp } from './support';

const t = useTestApp();
const api = () => t.api();
const here = path.dirname(fileURLToPath(import.meta.url));

describe('ensureAdmin', () => {
  it('creates an admin who can log in, and promotes an existing account', async () => {
    const email = uniqueEmail('boss');
    expect(await ensureAdmin(t.database.db, email, 'admin123')).toBe('created');
    const c = api();
    const login = await c.login(email, 'admin123');
    expect(login.statusCode).toBe(200);
    const me = await c.as(login.json().data.access_token).get('user/get-user');
    expect(me.json().data.role).toBe('ADMIN');

    const s = await c.signUp();
    await t.database.db.update(users).set({ status: 'Suspended' }).where(eq(users.email, s.email));
    expect(await ensureAdmin(t.database.db, s.email.toUpperCase(), 'promoted1', { resetPassword: true })).toBe('promoted');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, s.email));
    expect(row).toMatchObject({ role: 'ADMIN', status: 'Active' });
    expect((await c.login(s.email, 'promoted1')).statusCode).toBe(200);
  });

  it('at start-up gives a promoted account the operator password, then leaves the admin alone on restarts', async () => {
    const c = api();
    // Someone registered the e-mail the owner later names in ADMIN_EMAIL.
    const s = await c.signUp();
    const squatter = (await c.login(s.email, s.password)).json().data.refresh_token as string;
    expect(await ensureAdmin(t.database.db, s.email, 'from-env-1')).toBe('promoted');
    expect((await c.login(s.email, s.password)).statusCode).toBe(401);
    expect((await c.as(squatter).post('user/refresh-token')).statusCode).toBe(401);
    const admin = (await c.login(s.email, 'from-env-1')).json().data.refresh_token as string;

    // A restart with the same ADMIN_EMAIL changes nothing: the admin stays signed in.
    expect(await ensureAdmin(t.database.db, s.email, 'from-env-1')).toBe('unchanged');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, s.email));
    expect(row!.role).toBe('ADMIN');
    expect((await c.as(admin).post('user/refresh-token')).statusCode).toBe(200);
  });

  it('creates the demo admin once; a demoted demo admin stays demoted on restarts', async () => {
    expect(await ensureAdmin(t.database.db, 'admin@haat.test', 'admin123', { createOnly: true })).toBe('created');
    await t.database.db.update(users).set({ role: 'USER' }).where(eq(users.email, 'admin@haat.test'));
    expect(await ensureAdmin(t.database.db, 'admin@haat.test', 'admin123', { createOnly: true })).toBe('unchanged');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'admin@haat.test'));
    expect(row!.role).toBe('USER');
  });

  it('refuses a bad e-mail or a short password', async () => {
    await expect(ensureAdmin(t.database.db, 'nope', 'admin123')).rejects.toThrow();
    await expect(ensureAdmin(t.database.db, uniqueEmail(), '123')).rejects.toThrow('at least 6');
    expect(await t.database.db.select().from(users)).toHaveLength(0);
  });
});

describe('requireUser / requirePermission', () => {
  it('answer 401 without a valid token and 403 without the role', async () => {
    // A probe route guarded the way every admin route of later issues is.
    const app = await buildApp({ config: t.config, database: t.database, webDist: tmpDir() });
    const guards = createGuards(t.config, t.database.db);
    app.get('/probe/admin', { preHandler: guards.requirePermission('staff.manage') }, async () => ({ success: true }));
    app.get('/probe/user', { preHandler: guards.requireUser }, async (req) => ({ success: true, id: req.user!.id }));
    await app.ready();
    try {
      const c = api();
      const user = await c.signUp();
      const adminEmail = uniqueEmail('admin');
      await ensureAdmin(t.database.db, adminEmail, 'admin123');
      const admin = (await c.login(adminEmail, 'admin123')).json().data.access_token as string;
      const forged = await signAccessToken({ ...t.config, JWT_SECRET: 'x'.repeat(40) }, 'someone');
      const probe = createApi(app);
      const status = async (url: string, token?: string) => (await probe.as(token).get(url)).statusCode;
      expect(await status('/probe/admin')).toBe(401);
      expect(await status('/probe/admin', 'junk')).toBe(401);
      expect(await status('/probe/admin', forged)).toBe(401);
      expect(await status('/probe/admin', user.access)).toBe(403);
      expect(await status('/probe/admin', admin)).toBe(200);
      expect(await status('/probe/user', user.access)).toBe(200);
      const denied = await probe.as(user.access).get('/probe/admin');
      expect(denied.json()).toMatchObject({ success: false, error: true, message: 'Only an admin can do that.' });
    } finally {
      await app.close();
    }
  });
});

describe('npm run create-admin', () => {
  it('creates the admin in the configured database from the shell', async () => {
    const dataDir = tmpDir();
    const script = path.resolve(here, '../src/scripts/create-admin.ts');
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'silent' };
    // Node with tsx's loader: one process per run (the tsx binary starts a second), both runs at once.
    const run = (...args: string[]) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', script, ...args], { env, encoding: 'utf8' }, (error, stdout, stderr) =>
          resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
        );
      });
    const [bad, res] = await Promise.all([run('--email', 'x@y.z'), run('--email', 'Owner@Shop.test', '--password', 'owner123')]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Usage: npm run create-admin');
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain('Admin owner@shop.test created.');
    const db = await openDatabase(undefined, dataDir);
    try {
      const [row] = await db.db.select().from(users).where(eq(users.email, 'owner@shop.test'));
      expect(row?.role).toBe('ADMIN');
    } finally {
      await db.close();
    }
  }, 120_000);
});
