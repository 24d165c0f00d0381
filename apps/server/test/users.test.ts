import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshSessions, users } from '../src/db/schema';
import { signAccessToken } from '../src/lib/auth';
import { newId } from '../src/lib/ids';
import { client, gifImage, jpegImage, multipart, pngImage, uniqueEmail } from './accounts-helpers';
import { accessTokenFor, useTestApp } from './helpers';

const t = useTestApp();
const api = () => client(() => t.app);

const userRow = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /api/user/register', () => {
  it('creates the account with an argon2id hash, and answers success', async () => {
    const c = api();
    const email = uniqueEmail();
    const res = await c.register(email.toUpperCase());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, error: false });
    const row = await userRow(email);
    expect(row).toMatchObject({ name: 'Rahim Uddin', email, role: 'USER', status: 'Active' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('secret123');
  });

  it('refuses a second account with the same e-mail with 409', async () => {
    const c = api();
    const email = uniqueEmail();
    await c.register(email);
    const res = await c.register(email, 'another1', 'Karim');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists. Please log in instead.');
    expect(await t.database.db.select().from(users)).toHaveLength(1);
  });

  it.each([
    [{ email: 'a@b.co', password: 'secret1', confirmPassword: 'secret1' }, 'Name is required'],
    [{ name: ' ', email: 'a@b.co', password: 'secret1', confirmPassword: 'secret1' }, 'Name is required'],
    [{ name: 'A', password: 'secret1', confirmPassword: 'secret1' }, 'Email is required'],
    [{ name: 'A', email: 'not-an-email', password: 'secret1', confirmPassword: 'secret1' }, 'Invalid email address'],
    [{ name: 'A', email: 'a@b.co', confirmPassword: 'secret1' }, 'Password is required'],
    [{ name: 'A', email: 'a@b.co', password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters'],
    [{ name: 'A', email: 'a@b.co', password: 'secret1' }, 'Confirm Password is required'],
    [{ name: 'A', email: 'a@b.co', password: 'secret1', confirmPassword: 'secret2' }, 'Passwords do not match'],
  ])('refuses %j with "%s" and stores nothing', async (payload, message) => {
    // A fresh e-mail per case, so the per-e-mail rate limit stays out of the way.
    const body = 'email' in payload && payload.email === 'a@b.co' ? { ...payload, email: uniqueEmail() } : payload;
    const res = await api().call('POST', 'user/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: true, message });
    expect(await t.database.db.select().from(users)).toHaveLength(0);
  });
});

describe('POST /api/user/login', () => {
  it('answers both tokens and records last_logit_date', async () => {
    const c = api();
    const email = uniqueEmail();
    await c.register(email);
    expect((await userRow(email))!.lastLoginAt).toBeNull();
    const res = await c.login(email);
    expect(res.statusCode).toBe(200);
    const { access_token, refresh_token } = res.json().data;
    expect(access_token.split('.')).toHaveLength(3);
    expect(refresh_token.length).toBeGreaterThanOrEqual(40);
    expect((await userRow(email))!.lastLoginAt).toBeInstanceOf(Date);
    // The refresh token is stored only as a hash, valid 30 days.
    const [session] = await t.database.db.select().from(refreshSessions);
    expect(session!.tokenHash).not.toBe(refresh_token);
    const days = (session!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('gives one message for a wrong password and an unknown e-mail', async () => {
    const c = api();
    const email = uniqueEmail();
    await c.register(email);
    const wrongPassword = await c.login(email, 'wrong-password');
    const unknown = await c.login(uniqueEmail(), 'secret123');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe('Invalid email or password.');
    expect(unknown.json().message).toBe(wrongPassword.json().message);
  });

  it('validates with the form messages', async () => {
    const res = await api().call('POST', 'user/login', { email: 'x@y.z' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password is required');
  });

  it('refuses a suspended account', async () => {
    const c = api();
    const email = uniqueEmail();
    await c.register(email);
    await t.database.db.update(users).set({ status: 'Suspended' }).where(eq(users.email, email));
    expect((await c.login(email)).statusCode).toBe(403);
  });
});

describe('refresh-token and logout', () => {
  it('answers a new access token for the bearer refresh token', async () => {
    const c = api();
    const s = await c.signUp();
    const res = await c.call('POST', 'user/refresh-token', undefined, s.refresh);
    expect(res.statusCode).toBe(200);
    const access = res.json().data.access_token as string;
    expect((await c.call('GET', 'user/get-user', undefined, access)).json().data.email).toBe(s.email);
  });

  it('refuses a missing, unknown or expired refresh token', async () => {
    const c = api();
    const s = await c.signUp();
    expect((await c.call('POST', 'user/refresh-token')).statusCode).toBe(401);
    expect((await c.call('POST', 'user/refresh-token', undefined, 'not-a-token')).statusCode).toBe(401);
    expect((await c.call('POST', 'user/refresh-token', undefined, s.access)).statusCode).toBe(401);
    await t.database.db.update(refreshSessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await c.call('POST', 'user/refresh-token', undefined, s.refresh);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has ended. Please log in again.');
  });

  it('refuses the refresh token after logout', async () => {
    const c = api();
    const s = await c.signUp();
    const out = await c.call('POST', 'user/logout', undefined, s.refresh);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ success: true, message: 'Logged out successfully' });
    expect((await c.call('POST', 'user/refresh-token', undefined, s.refresh)).statusCode).toBe(401);
  });

  it('also takes the refresh token in the logout body', async () => {
    const c = api();
    const s = await c.signUp();
    await c.call('POST', 'user/logout', { refresh_token: s.refresh }, s.access);
    expect((await c.call('POST', 'user/refresh-token', undefined, s.refresh)).statusCode).toBe(401);
    const [session] = await t.database.db.select().from(refreshSessions);
    expect(session!.revokedAt).toBeInstanceOf(Date);
  });
});

describe('GET /api/user/get-user', () => {
  it('answers the user without a hash or a code', async () => {
    const c = api();
    const s = await c.signUp(uniqueEmail(), 'secret123', 'Nusrat Jahan');
    const res = await c.call('GET', 'user/get-user', undefined, s.access);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ name: 'Nusrat Jahan', email: s.email, role: 'USER', avatar: '', mobile: null });
    expect(typeof data._id).toBe('string');
    expect(data.last_logit_date).not.toBeNull();
    expect(res.body).not.toMatch(/argon2|password|hash|code/i);
  });

  it('answers 401 without a token, with a bad one, or for a deleted user', async () => {
    const c = api();
    expect((await c.call('GET', 'user/get-user')).statusCode).toBe(401);
    expect((await c.call('GET', 'user/get-user', undefined, 'garbage')).statusCode).toBe(401);
    const ghost = await signAccessToken(t.config, 'nosuchuser');
    expect((await c.call('GET', 'user/get-user', undefined, ghost)).statusCode).toBe(401);
    const s = await c.signUp();
    const id = (await userRow(s.email))!.id;
    const sessionless = await signAccessToken(t.config, id);
    expect((await c.call('GET', 'user/get-user', undefined, sessionless)).statusCode).toBe(401);
    const deleted = await accessTokenFor(t.database.db, t.config, id);
    expect((await c.call('GET', 'user/get-user', undefined, deleted)).statusCode).toBe(200);
    await t.database.db.delete(users).where(eq(users.id, id));
    expect((await c.call('GET', 'user/get-user', undefined, deleted)).statusCode).toBe(401);
  });
});

describe('an access token dies with its session', () => {
  /** The old token gets 401 on get-user, and update-user with it changes nothing. */
  async function expectDead(c: ReturnType<typeof api>, email: string, access: string) {
    const before = await userRow(email);
    const get = await c.call('GET', 'user/get-user', undefined, access);
    expect(get.statusCode).toBe(401);
    expect(get.json()).toMatchObject({ success: false, error: true });
    const takeover = uniqueEmail('takeover');
    const put = await c.call('PUT', 'user/update-user', { name: 'Mallory', email: takeover, password: 'owned1234' }, access);
    expect(put.statusCode).toBe(401);
    expect(await userRow(takeover)).toBeUndefined();
    expect(await userRow(email)).toEqual(before);
  }

  it('after logout', async () => {
    const c = api();
    const s = await c.signUp();
    expect((await c.call('GET', 'user/get-user', undefined, s.access)).statusCode).toBe(200);
    expect((await c.call('POST', 'user/logout', undefined, s.refresh)).statusCode).toBe(200);
    await expectDead(c, s.email, s.access);
  });

  it('after a password change from another session', async () => {
    const c = api();
    const s = await c.signUp();
    const phone = (await c.login(s.email)).json().data.access_token as string;
    expect((await c.call('PUT', 'user/update-user', { password: 'newpass99' }, phone)).statusCode).toBe(200);
    await expectDead(c, s.email, s.access);
    // The session that changed the password goes on working.
    expect((await c.call('GET', 'user/get-user', undefined, phone)).statusCode).toBe(200);
  });

  it('when the session has expired, or belongs to another user', async () => {
    const c = api();
    const a = await c.signUp();
    const b = await c.signUp();
    const [sessionA] = await t.database.db.select().from(refreshSessions).where(eq(refreshSessions.userId, (await userRow(a.email))!.id));
    // A token naming b as its subject but a's session.
    const mixed = await signAccessToken(t.config, (await userRow(b.email))!.id, sessionA!.id);
    expect((await c.call('GET', 'user/get-user', undefined, mixed)).statusCode).toBe(401);
    const unknown = await signAccessToken(t.config, (await userRow(b.email))!.id, newId());
    expect((await c.call('GET', 'user/get-user', undefined, unknown)).statusCode).toBe(401);
    await t.database.db.update(refreshSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(refreshSessions.id, sessionA!.id));
    await expectDead(c, a.email, a.access);
    expect((await c.call('GET', 'user/get-user', undefined, b.access)).statusCode).toBe(200);
  });
});

describe('PUT /api/user/update-user', () => {
  it('changes name, mobile and e-mail', async () => {
    const c = api();
    const s = await c.signUp();
    const email = uniqueEmail('new');
    const res = await c.call('PUT', 'user/update-user', { name: 'Karim', mobile: '01712345678', email, password: '' }, s.access);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Karim', mobile: '01712345678', email });
    expect(await userRow(email)).toMatchObject({ name: 'Karim', mobile: '01712345678' });
  });

  it('refuses a mobile with other than digits and an e-mail another account uses', async () => {
    const c = api();
    const other = await c.signUp();
    const s = await c.signUp();
    const bad = await c.call('PUT', 'user/update-user', { mobile: '0171-234' }, s.access);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Only numbers are allowed');
    const badEmail = await c.call('PUT', 'user/update-user', { email: 'no-at-sign' }, s.access);
    expect(badEmail.json().message).toBe('Invalid email format');
    const taken = await c.call('PUT', 'user/update-user', { email: other.email.toUpperCase() }, s.access);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This email is already used by another account.');
    const short = await c.call('PUT', 'user/update-user', { password: '123' }, s.access);
    expect(short.json().message).toBe('Password must be at least 6 characters');
    expect((await userRow(s.email))!.mobile).toBeNull();
  });

  it('a changed password revokes the other sessions but keeps this one', async () => {
    const c = api();
    const s = await c.signUp();
    const phone = await c.login(s.email);
    const phoneRefresh = phone.json().data.refresh_token as string;
    const res = await c.call('PUT', 'user/update-user', { password: 'newpass99' }, s.access);
    expect(res.statusCode).toBe(200);
    expect((await c.call('POST', 'user/refresh-token', undefined, phoneRefresh)).statusCode).toBe(401);
    expect((await c.call('POST', 'user/refresh-token', undefined, s.refresh)).statusCode).toBe(200);
    expect((await c.login(s.email, 'secret123')).statusCode).toBe(401);
    expect((await c.login(s.email, 'newpass99')).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    expect((await api().call('PUT', 'user/update-user', { name: 'X' })).statusCode).toBe(401);
  });
});

describe('PUT /api/user/upload-avatar', () => {
  const upload = async (access: string, file: Buffer, filename: string, type?: string) => {
    const body = multipart('avatar', filename, file, type);
    return t.app.inject({ method: 'PUT', url: '/api/user/upload-avatar', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${access}` } });
  };

  it('re-encodes a png or jpeg, stores it under DATA_DIR and serves it with caching', async () => {
    const s = await api().signUp();
    for (const [file, name] of [[await pngImage(), 'me.png'], [await jpegImage(), 'me.jpg']] as const) {
      const res = await upload(s.access, file, name, 'image/png');
      expect(res.statusCode).toBe(200);
      const avatar = res.json().data.avatar as string;
      expect(avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f]+\.webp$/);
      expect(existsSync(path.join(t.config.DATA_DIR, avatar))).toBe(true);
      expect((await userRow(s.email))!.avatar).toBe(avatar);
      const served = await t.app.inject({ method: 'GET', url: avatar });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }
  });

  it('refuses files that are not png or jpeg, judged by decoding', async () => {
    const s = await api().signUp();
    const text = await upload(s.access, Buffer.from('hello, I am not an image'), 'photo.png', 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('The file is not an image we can read.');
    const gif = await upload(s.access, await gifImage(), 'photo.jpg', 'image/jpeg');
    expect(gif.statusCode).toBe(415);
    expect(gif.json().message).toBe('The avatar must be a png or jpeg image.');
    expect((await userRow(s.email))!.avatar).toBe('');
  });

  it('refuses a file over 2 MB with 413, and a request without a file', async () => {
    const s = await api().signUp();
    const big = await upload(s.access, Buffer.alloc(2 * 1024 * 1024 + 10, 1), 'big.png', 'image/png');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Each file must be at most 2 MB.');
    const none = await api().call('PUT', 'user/upload-avatar', { avatar: 'x' }, s.access);
    expect(none.statusCode).toBe(415);
    expect((await userRow(s.email))!.avatar).toBe('');
  });

  it('needs a token', async () => {
    const body = multipart('avatar', 'a.png', await pngImage());
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/upload-avatar', payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('login: per e-mail, then per IP, with 429 and a message', async () => {
    const c = api();
    const email = uniqueEmail();
    await c.register(email);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await c.login(email, 'wrong-pass')).statusCode);
    expect(codes.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await c.login(email, 'secret123');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many attempts. Please wait a few minutes and try again.');
    // Another client for the same e-mail is limited too; another e-mail from a fresh IP is not.
    expect((await api().login(email)).statusCode).toBe(429);
    const other = uniqueEmail();
    await api().register(other);
    expect((await api().login(other)).statusCode).toBe(200);
  });

  it('login: per IP across many e-mails', async () => {
    const c = api();
    let last = 0;
    for (let i = 0; i < 51; i++) last = (await c.login(uniqueEmail(), 'whatever1')).statusCode;
    expect(last).toBe(429);
  });

  it('register: per e-mail', async () => {
    const email = uniqueEmail();
    let last = 0;
    for (let i = 0; i < 6; i++) last = (await api().register(email)).statusCode;
    expect(last).toBe(429);
  });
});
