import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { cartItems, orders, products, refreshSessions, users } from '../src/db/schema';
import { signAccessToken } from '../src/lib/auth';
import { newId } from '../src/lib/ids';
import { accessTokenFor, gif, jpeg, multipart, png, uniqueEmail, useTestApp, type Api } from './support';

const t = useTestApp();
const api = () => t.api();

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

  it('answers a second registration of an e-mail like the first, and changes nothing', async () => {
    const c = api();
    const email = uniqueEmail();
    const first = await c.register(email);
    const before = await userRow(email);
    const res = await c.register(email, 'another1', 'Karim');
    expect([res.statusCode, res.body]).toEqual([first.statusCode, first.body]);
    expect(await t.database.db.select().from(users)).toEqual([before]);
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
    const res = await api().post('user/register', body);
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
    const res = await api().post('user/login', { email: 'x@y.z' });
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
    const res = await c.as(s.refresh).post('user/refresh-token');
    expect(res.statusCode).toBe(200);
    const access = res.json().data.access_token as string;
    expect((await c.as(access).get('user/get-user')).json().data.email).toBe(s.email);
  });

  it('refuses a missing, unknown or expired refresh token', async () => {
    const c = api();
    const s = await c.signUp();
    expect((await c.post('user/refresh-token')).statusCode).toBe(401);
    expect((await c.as('not-a-token').post('user/refresh-token')).statusCode).toBe(401);
    expect((await c.as(s.access).post('user/refresh-token')).statusCode).toBe(401);
    await t.database.db.update(refreshSessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await c.as(s.refresh).post('user/refresh-token');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has ended. Please log in again.');
  });

  it('rotates: every refresh answers a new refresh token, and the replaced one is refused', async () => {
    const c = api();
    const s = await c.signUp();
    const first = await c.as(s.refresh).post('user/refresh-token');
    expect(first.statusCode).toBe(200);
    const next = first.json().data.refresh_token as string;
    expect(next).toMatch(/^[\w-]{43}$/);
    expect(next).not.toBe(s.refresh);
    // Only the new token's hash is stored; the session is the same one.
    const [session] = await t.database.db.select().from(refreshSessions);
    expect(session!.tokenHash).not.toContain(next);
    expect(await t.database.db.select().from(refreshSessions)).toHaveLength(1);
    const second = await c.as(next).post('user/refresh-token');
    expect(second.statusCode).toBe(200);
    expect(second.json().data.refresh_token).not.toBe(next);
    expect((await c.as(second.json().data.access_token).get('user/get-user')).json().data.email).toBe(s.email);
  });

  it('a replaced refresh token used again ends the session: the thief and the owner both sign in again', async () => {
    const c = api();
    const s = await c.signUp();
    const other = await c.login(s.email);
    // The thief refreshes first with a stolen copy; the owner's copy is now the replaced one.
    const thief = (await api().as(s.refresh).post('user/refresh-token')).json().data as { access_token: string; refresh_token: string };
    await t.database.db.update(refreshSessions).set({ rotatedAt: new Date(Date.now() - 31_000) });
    const reuse = await c.as(s.refresh).post('user/refresh-token');
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe('Your session has ended. Please log in again.');
    // The thief's tokens die with the session; the user's other session lives on.
    expect((await api().as(thief.refresh_token).post('user/refresh-token')).statusCode).toBe(401);
    expect((await api().as(thief.access_token).get('user/get-user')).statusCode).toBe(401);
    expect((await c.as(s.access).get('user/get-user')).statusCode).toBe(401);
    expect((await c.as(other.json().data.access_token).get('user/get-user')).statusCode).toBe(200);
    const sessions = await t.database.db.select().from(refreshSessions);
    expect(sessions.filter((x) => x.revokedAt)).toHaveLength(1);
  });

  it('two tabs refreshing together: the one that lost the race gets an access token only, and the session lives on', async () => {
    const c = api();
    const s = await c.signUp();
    const [a, b] = await Promise.all([c.as(s.refresh).post('user/refresh-token'), c.as(s.refresh).post('user/refresh-token')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const answers = [a.json().data, b.json().data] as { access_token: string; refresh_token?: string }[];
    // One rotated; the other, within the grace, has no refresh token to fork the session with.
    expect(answers.filter((x) => x.refresh_token)).toHaveLength(1);
    for (const x of answers) expect((await c.as(x.access_token).get('user/get-user')).statusCode).toBe(200);
    const rotated = answers.find((x) => x.refresh_token)!.refresh_token!;
    expect((await c.as(rotated).post('user/refresh-token')).statusCode).toBe(200);
    expect((await t.database.db.select().from(refreshSessions))[0]!.revokedAt).toBeNull();
  });

  it('refuses the refresh token after logout', async () => {
    const c = api();
    const s = await c.signUp();
    const out = await c.as(s.refresh).post('user/logout');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ success: true, message: 'Logged out successfully' });
    expect((await c.as(s.refresh).post('user/refresh-token')).statusCode).toBe(401);
  });

  it('with only the access token as the bearer, ends the session that token belongs to', async () => {
    const c = api();
    const s = await c.signUp();
    const other = await c.login(s.email);
    const out = await c.as(s.access).post('user/logout');
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('Logged out successfully');
    expect((await c.as(s.access).get('user/get-user')).statusCode).toBe(401);
    expect((await c.as(s.refresh).post('user/refresh-token')).statusCode).toBe(401);
    // The user's other session lives on.
    expect((await c.as(other.json().data.access_token).get('user/get-user')).statusCode).toBe(200);
    const sessions = await t.database.db.select().from(refreshSessions);
    expect(sessions.filter((x) => x.revokedAt)).toHaveLength(1);
  });

  it('refresh-token and logout are rate limited per address, with Retry-After', async () => {
    const c = api();
    let refresh = await c.as('not-a-token').post('user/refresh-token');
    for (let i = 0; i < 300; i++) refresh = await c.as('not-a-token').post('user/refresh-token');
    expect(refresh.statusCode).toBe(429);
    expect(Number(refresh.headers['retry-after'])).toBeGreaterThan(0);
    const d = api();
    let logout = await d.post('user/logout');
    for (let i = 0; i < 100; i++) logout = await d.post('user/logout');
    expect(logout.statusCode).toBe(429);
    expect(Number(logout.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await api().post('user/logout')).statusCode).toBe(200);
  });

  it('also takes the refresh token in the logout body', async () => {
    const c = api();
    const s = await c.signUp();
    await c.as(s.access).post('user/logout', { refresh_token: s.refresh });
    expect((await c.as(s.refresh).post('user/refresh-token')).statusCode).toBe(401);
    const [session] = await t.database.db.select().from(refreshSessions);
    expect(session!.revokedAt).toBeInstanceOf(Date);
  });
});

describe('GET /api/user/get-user', () => {
  it('answers the user without a hash or a code', async () => {
    const c = api();
    const s = await c.signUp(uniqueEmail(), 'secret123', 'Nusrat Jahan');
    const res = await c.as(s.access).get('user/get-user');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ name: 'Nusrat Jahan', email: s.email, role: 'USER', avatar: '', mobile: null });
    expect(typeof data._id).toBe('string');
    expect(data.last_logit_date).not.toBeNull();
    expect(res.body).not.toMatch(/argon2|password|hash|code/i);
    expect(data).toMatchObject({ address_details: [], orderHistory: [], shopping_cart: [] });
  });

  it('lists the ids of the user’s addresses, orders and cart lines (spec §3)', async () => {
    const c = api();
    const s = await c.signUp();
    const address = (await c.as(s.access).post('address/add-address', { address_line: 'House 1, Road 2', city: 'Dhaka', mobile: '01712345678' })).json().data;
    const userId = (await userRow(s.email))!.id;
    const now = new Date();
    const [product] = await t.database.db.insert(products).values({ id: 'p1polish', name: 'Pen', description: 'A pen', unit: '1 pc', price: 20, stock: 5, images: [], createdAt: now, updatedAt: now }).returning();
    await t.database.db.insert(cartItems).values({ id: 'cart1polish', userId, productId: product!.id, quantity: 1 });
    await t.database.db.insert(orders).values({ id: 'order1polish', orderId: 'HT-1', userId, paymentStatus: 'CASH ON DELIVERY', mobile: '01712345678', subTotalAmount: 20, deliveryFee: 60, totalAmount: 80 });
    const data = (await c.as(s.access).get('user/get-user')).json().data;
    expect(data).toMatchObject({ address_details: [address._id], orderHistory: ['order1polish'], shopping_cart: ['cart1polish'] });
  });

  it('answers 401 without a token, with a bad one, or for a deleted user', async () => {
    const c = api();
    expect((await c.get('user/get-user')).statusCode).toBe(401);
    expect((await c.as('garbage').get('user/get-user')).statusCode).toBe(401);
    const ghost = await signAccessToken(t.config, 'nosuchuser');
    expect((await c.as(ghost).get('user/get-user')).statusCode).toBe(401);
    const s = await c.signUp();
    const id = (await userRow(s.email))!.id;
    const sessionless = await signAccessToken(t.config, id);
    expect((await c.as(sessionless).get('user/get-user')).statusCode).toBe(401);
    const deleted = await accessTokenFor(t.database.db, t.config, id);
    expect((await c.as(deleted).get('user/get-user')).statusCode).toBe(200);
    await t.database.db.delete(users).where(eq(users.id, id));
    expect((await c.as(deleted).get('user/get-user')).statusCode).toBe(401);
  });
});

describe('an access token dies with its session', () => {
  /** The old token gets 401 on get-user, and update-user with it changes nothing. */
  async function expectDead(c: Api, email: string, access: string) {
    const before = await userRow(email);
    const get = await c.as(access).get('user/get-user');
    expect(get.statusCode).toBe(401);
    expect(get.json()).toMatchObject({ success: false, error: true });
    const takeover = uniqueEmail('takeover');
    const put = await c.as(access).put('user/update-user', { name: 'Mallory', email: takeover, password: 'owned1234' });
    expect(put.statusCode).toBe(401);
    expect(await userRow(takeover)).toBeUndefined();
    expect(await userRow(email)).toEqual(before);
  }

  it('after logout', async () => {
    const c = api();
    const s = await c.signUp();
    expect((await c.as(s.access).get('user/get-user')).statusCode).toBe(200);
    expect((await c.as(s.refresh).post('user/logout')).statusCode).toBe(200);
    await expectDead(c, s.email, s.access);
  });

  it('after a password change from another session', async () => {
    const c = api();
    const s = await c.signUp();
    const phone = (await c.login(s.email)).json().data.access_token as string;
    expect((await c.as(phone).put('user/update-user', { password: 'newpass99', currentPassword: 'secret123' })).statusCode).toBe(200);
    await expectDead(c, s.email, s.access);
    // The session that changed the password goes on working.
    expect((await c.as(phone).get('user/get-user')).statusCode).toBe(200);
  });

  it('when it has no expiry claim, even signed with our key and naming a live session', async () => {
    const c = api();
    const s = await c.signUp();
    const [session] = await t.database.db.select().from(refreshSessions);
    const forever = await new SignJWT({ typ: 'access', sid: session!.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session!.userId)
      .setIssuedAt()
      .sign(new TextEncoder().encode(t.config.JWT_SECRET));
    await expectDead(c, s.email, forever);
    // The same token with an expiry works, so the missing claim is what is refused.
    expect((await c.as(await signAccessToken(t.config, session!.userId, session!.id)).get('user/get-user')).statusCode).toBe(200);
  });

  it('when the session has expired, or belongs to another user', async () => {
    const c = api();
    const a = await c.signUp();
    const b = await c.signUp();
    const [sessionA] = await t.database.db.select().from(refreshSessions).where(eq(refreshSessions.userId, (await userRow(a.email))!.id));
    // A token naming b as its subject but a's session.
    const mixed = await signAccessToken(t.config, (await userRow(b.email))!.id, sessionA!.id);
    expect((await c.as(mixed).get('user/get-user')).statusCode).toBe(401);
    const unknown = await signAccessToken(t.config, (await userRow(b.email))!.id, newId());
    expect((await c.as(unknown).get('user/get-user')).statusCode).toBe(401);
    await t.database.db.update(refreshSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(refreshSessions.id, sessionA!.id));
    await expectDead(c, a.email, a.access);
    expect((await c.as(b.access).get('user/get-user')).statusCode).toBe(200);
  });
});

describe('PUT /api/user/update-user', () => {
  it('changes name, mobile and e-mail', async () => {
    const c = api();
    const s = await c.signUp();
    const email = uniqueEmail('new');
    const res = await c.as(s.access).put('user/update-user', { name: 'Karim', mobile: '01712345678', email, password: '', currentPassword: 'secret123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Karim', mobile: '01712345678', email });
    expect(await userRow(email)).toMatchObject({ name: 'Karim', mobile: '01712345678' });
  });

  it('refuses a mobile with other than digits and an e-mail another account uses', async () => {
    const c = api();
    const other = await c.signUp();
    const s = await c.signUp();
    const bad = await c.as(s.access).put('user/update-user', { mobile: '0171-234' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Only numbers are allowed');
    const badEmail = await c.as(s.access).put('user/update-user', { email: 'no-at-sign' });
    expect(badEmail.json().message).toBe('Invalid email format');
    const taken = await c.as(s.access).put('user/update-user', { email: other.email.toUpperCase(), currentPassword: 'secret123' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This email is already used by another account.');
    const short = await c.as(s.access).put('user/update-user', { password: '123' });
    expect(short.json().message).toBe('Password must be at least 6 characters');
    expect((await userRow(s.email))!.mobile).toBeNull();
  });

  it('a changed password revokes the other sessions but keeps this one', async () => {
    const c = api();
    const s = await c.signUp();
    const phone = await c.login(s.email);
    const phoneRefresh = phone.json().data.refresh_token as string;
    const res = await c.as(s.access).put('user/update-user', { password: 'newpass99', currentPassword: 'secret123' });
    expect(res.statusCode).toBe(200);
    expect((await c.as(phoneRefresh).post('user/refresh-token')).statusCode).toBe(401);
    expect((await c.as(s.refresh).post('user/refresh-token')).statusCode).toBe(200);
    expect((await c.login(s.email, 'secret123')).statusCode).toBe(401);
    expect((await c.login(s.email, 'newpass99')).statusCode).toBe(200);
  });

  it('changes name and mobile without the password, and keeps an unchanged e-mail without it', async () => {
    const c = api();
    const s = await c.signUp();
    const res = await c.as(s.access).put('user/update-user', { name: 'Karim', mobile: '01712345678', email: s.email.toUpperCase(), password: '' });
    expect(res.statusCode).toBe(200);
    expect(await userRow(s.email)).toMatchObject({ name: 'Karim', mobile: '01712345678' });
  });

  it('a new e-mail or password needs the current password: missing or wrong changes nothing', async () => {
    const c = api();
    const s = await c.signUp();
    const before = await userRow(s.email);
    const takeover = uniqueEmail('takeover');
    for (const change of [{ email: takeover }, { password: 'owned1234' }, { name: 'Mallory', email: takeover, password: 'owned1234' }]) {
      const missing = await c.as(s.access).put('user/update-user', change);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ success: false, error: true, message: 'Please enter your current password to change your email or password.' });
      const wrong = await c.as(s.access).put('user/update-user', { ...change, currentPassword: 'guess1234' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('Your current password is not correct.');
    }
    expect(await userRow(s.email)).toEqual(before);
    expect(await userRow(takeover)).toBeUndefined();
    expect((await c.login(s.email, 'owned1234')).statusCode).toBe(401);
  });

  it('limits current-password guesses per account, with Retry-After', async () => {
    const c = api();
    const s = await c.signUp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await c.as(s.access).put('user/update-user', { password: 'owned1234', currentPassword: `guess${i}xx` })).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    const limited = await c.as(s.access).put('user/update-user', { password: 'owned1234', currentPassword: 'secret123' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Name changes need no password and are not limited.
    expect((await c.as(s.access).put('user/update-user', { name: 'Karim' })).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    expect((await api().put('user/update-user', { name: 'X' })).statusCode).toBe(401);
  });
});

describe('PUT /api/user/upload-avatar', () => {
  const upload = (access: string, file: Buffer, filename: string, contentType?: string) =>
    api().as(access).put('user/upload-avatar', multipart({ avatar: { data: file, filename, contentType } }));

  it('re-encodes a png or jpeg, stores it under DATA_DIR and serves it with caching', async () => {
    const s = await api().signUp();
    for (const [file, name] of [[await png(), 'me.png'], [await jpeg(), 'me.jpg']] as const) {
      const res = await upload(s.access, file, name, 'image/png');
      expect(res.statusCode).toBe(200);
      const avatar = res.json().data.avatar as string;
      expect(avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f]+\.webp$/);
      expect(existsSync(path.join(t.config.DATA_DIR, avatar))).toBe(true);
      expect((await userRow(s.email))!.avatar).toBe(avatar);
      const served = await api().get(avatar);
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }
  });

  it('deletes every width of the replaced avatar, unless another account shows the same picture', async () => {
    const files = (url: string) => {
      const base = path.join(t.config.DATA_DIR, url).replace(/\.webp$/, '');
      return [`${base}.webp`, `${base}.w200.webp`, `${base}.w400.webp`];
    };
    const a = await api().signUp();
    const b = await api().signUp();
    const image = await png();
    const first = (await upload(a.access, image, 'me.png')).json().data.avatar as string;
    expect(files(first).every((f) => existsSync(f))).toBe(true);
    const second = (await upload(a.access, await jpeg(), 'me.jpg')).json().data.avatar as string;
    expect(files(first).filter((f) => existsSync(f))).toEqual([]);
    expect(files(second).every((f) => existsSync(f))).toBe(true);
    // b and a upload the same picture: one set of files, kept while b still shows it.
    await upload(b.access, image, 'b.png');
    await upload(a.access, image, 'a.png');
    await upload(a.access, await jpeg(), 'a.jpg');
    expect(files(first).every((f) => existsSync(f))).toBe(true);
    expect((await userRow(b.email))!.avatar).toBe(first);
  });

  it('refuses files that are not png or jpeg, judged by decoding', async () => {
    const s = await api().signUp();
    const text = await upload(s.access, Buffer.from('hello, I am not an image'), 'photo.png', 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('The file is not an image we can read.');
    const disguised = await upload(s.access, await gif(), 'photo.jpg', 'image/jpeg');
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().message).toBe('The avatar must be a png or jpeg image.');
    expect((await userRow(s.email))!.avatar).toBe('');
  });

  it('refuses a file over 2 MB with 413, and a request without a file', async () => {
    const s = await api().signUp();
    const big = await upload(s.access, Buffer.alloc(2 * 1024 * 1024 + 10, 1), 'big.png', 'image/png');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Each file must be at most 2 MB.');
    const none = await api().as(s.access).put('user/upload-avatar', { avatar: 'x' });
    expect(none.statusCode).toBe(415);
    expect((await userRow(s.email))!.avatar).toBe('');
  });

  it('needs a token', async () => {
    const res = await api().put('user/upload-avatar', multipart({ avatar: { data: await png(), filename: 'a.png' } }));
    expect(res.statusCode).toBe(401);
  });
});

describe('login limits', () => {
  const wrongLogins = async (email: string, n: number, from = () => api()) => {
    const codes: number[] = [];
    for (let i = 0; i < n; i++) codes.push((await from().login(email, 'wrong-pass')).statusCode);
    return codes;
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('per account from one address: 10 failures, then 429 with Retry-After; the owner elsewhere still signs in', async () => {
    const c = api();
    const email = uniqueEmail();
    await c.register(email);
    expect(await wrongLogins(email, 10, () => c)).toEqual(Array(10).fill(401));
    const limited = await c.login(email, 'secret123');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many attempts. Please wait a few minutes and try again.');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await api().login(email)).statusCode).toBe(200);
  });

  it('counts failures only: a right password is not one', async () => {
    const c = api();
    const email = uniqueEmail();
    await c.register(email);
    expect(await wrongLogins(email, 9, () => c)).toEqual(Array(9).fill(401));
    expect((await c.login(email)).statusCode).toBe(200);
    // The 11th attempt is only the 10th failure.
    expect(await wrongLogins(email, 1, () => c)).toEqual([401]);
    expect((await c.login(email)).statusCode).toBe(429);
  });

  it('strangers on many addresses cannot lock the owner out', async () => {
    const owner = api();
    const email = uniqueEmail('owner');
    await owner.register(email);
    expect((await owner.login(email)).statusCode).toBe(200);
    // 40 wrong passwords from 40 addresses: past 20 the account is under attack and strangers are slowed down.
    const attack = await wrongLogins(email, 40);
    expect(attack.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(attack.every((code) => code === 401 || code === 429)).toBe(true);
    // The owner's own address answers the right password at once.
    expect((await owner.login(email)).statusCode).toBe(200);
    // Strangers get one try per second between them, told so by Retry-After.
    await sleep(1100);
    expect(await wrongLogins(email, 1)).toEqual([401]);
    const slowed = await api().login(email, 'wrong-pass');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    // The owner on a fresh address gets in once that second has passed.
    await sleep(1100);
    expect((await api().login(email)).statusCode).toBe(200);
  });

  it('per address across many e-mails: 30 failures', async () => {
    const c = api();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await c.login(uniqueEmail(), 'whatever1')).statusCode);
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(codes.at(-1)).toBe(429);
  });
});

describe('register limits', () => {
  it('per e-mail', async () => {
    const email = uniqueEmail();
    let last = 0;
    for (let i = 0; i < 6; i++) last = (await api().register(email)).statusCode;
    expect(last).toBe(429);
  });
});
