import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordResetCodes, refreshSessions, users } from '../src/db/schema';
import { client, uniqueEmail } from './accounts-helpers';
import { useTestApp } from './helpers';

/** A real SMTP server in the test process; the app sends to it through SMTP_URL. */
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const t = useTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
beforeEach(() => {
  received.length = 0;
});
const api = () => client(() => t.app);

const mailsTo = (email: string) => received.filter((m) => m.to.includes(email));
const codeIn = (raw: string) => /Your code is (\d{6})/.exec(raw)?.[1];

async function requestCode(c: ReturnType<typeof api>, email: string) {
  const res = await c.call('PUT', 'user/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  const mail = mailsTo(email).at(-1);
  return mail ? codeIn(mail.raw) : undefined;
}
const codeRow = async (email: string) => {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  return (await t.database.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, u!.id)))[0];
};

describe('password recovery', () => {
  it('mails a 6-digit code with an HTML and a text part, stored only hashed', async () => {
    const c = api();
    const s = await c.signUp();
    const code = await requestCode(c, s.email);
    expect(code).toMatch(/^\d{6}$/);
    const raw = mailsTo(s.email)[0]!.raw;
    expect(raw).toMatch(/Subject: Your Haat password reset code/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    const row = await codeRow(s.email);
    expect(row!.codeHash).not.toContain(code!);
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('answers success for an unknown e-mail too, and sends nothing', async () => {
    const c = api();
    const known = await c.signUp();
    const unknown = uniqueEmail('nobody');
    const a = await c.call('PUT', 'user/forgot-password', { email: unknown });
    const b = await c.call('PUT', 'user/forgot-password', { email: known.email });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(mailsTo(unknown)).toHaveLength(0);
    expect(mailsTo(known.email)).toHaveLength(1);
  });

  it('validates the e-mail with the form messages', async () => {
    const c = api();
    expect((await c.call('PUT', 'user/forgot-password', { email: '' })).json().message).toBe('Email is required');
    expect((await c.call('PUT', 'user/forgot-password', { email: 'nope' })).json().message).toBe('Invalid email address');
  });

  it('waits a minute before sending another code', async () => {
    const c = api();
    const s = await c.signUp();
    const first = await requestCode(c, s.email);
    await c.call('PUT', 'user/forgot-password', { email: s.email });
    expect(mailsTo(s.email)).toHaveLength(1);
    await t.database.db.update(passwordResetCodes).set({ createdAt: new Date(Date.now() - 61_000) });
    const second = await requestCode(c, s.email);
    expect(mailsTo(s.email)).toHaveLength(2);
    // Only the newest code works.
    if (first !== second) {
      expect((await c.call('PUT', 'user/verify-otp', { email: s.email, otp: first })).statusCode).toBe(400);
    }
    expect((await c.call('PUT', 'user/verify-otp', { email: s.email, otp: second })).statusCode).toBe(200);
  });

  it('verify → update-password changes the password once and ends every session', async () => {
    const c = api();
    const s = await c.signUp();
    const code = await requestCode(c, s.email);
    const ok = await c.call('PUT', 'user/verify-otp', { email: s.email, otp: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, error: false });
    const resetToken = ok.json().data.resetToken as string;
    expect(resetToken).toMatch(/^[\w-]{43}$/);
    // Only a hash of the token is stored.
    expect((await codeRow(s.email))!.resetTokenHash).not.toContain(resetToken);
    const res = await c.call('PUT', 'user/update-password', { email: s.email, resetToken, NewPassword: 'brandnew1', ConfirmNewPassword: 'brandnew1' });
    expect(res.statusCode).toBe(200);
    expect((await c.login(s.email, 'secret123')).statusCode).toBe(401);
    expect((await c.login(s.email, 'brandnew1')).statusCode).toBe(200);
    expect((await c.call('POST', 'user/refresh-token', undefined, s.refresh)).statusCode).toBe(401);
    // The code cannot be used twice.
    const again = await c.call('PUT', 'user/update-password', { email: s.email, resetToken, NewPassword: 'another22', ConfirmNewPassword: 'another22' });
    expect(again.statusCode).toBe(400);
    expect((await c.login(s.email, 'brandnew1')).statusCode).toBe(200);
    expect((await c.call('PUT', 'user/verify-otp', { email: s.email, otp: code })).statusCode).toBe(400);
  });

  it('a password reset ends the access tokens of every session too', async () => {
    const c = api();
    const s = await c.signUp();
    const other = (await c.login(s.email)).json().data.access_token as string;
    expect((await c.call('GET', 'user/get-user', undefined, s.access)).statusCode).toBe(200);
    const code = await requestCode(c, s.email);
    const resetToken = (await c.call('PUT', 'user/verify-otp', { email: s.email, otp: code })).json().data.resetToken as string;
    const res = await c.call('PUT', 'user/update-password', { email: s.email, resetToken, NewPassword: 'brandnew1', ConfirmNewPassword: 'brandnew1' });
    expect(res.statusCode).toBe(200);
    const before = (await t.database.db.select().from(users).where(eq(users.email, s.email)))[0]!;
    for (const access of [s.access, other]) {
      expect((await c.call('GET', 'user/get-user', undefined, access)).statusCode).toBe(401);
      const put = await c.call('PUT', 'user/update-user', { name: 'Mallory', email: uniqueEmail('takeover'), password: 'owned1234' }, access);
      expect(put.statusCode).toBe(401);
    }
    expect((await t.database.db.select().from(users).where(eq(users.id, before.id)))[0]).toEqual(before);
    // A fresh login works.
    const fresh = (await c.login(s.email, 'brandnew1')).json().data.access_token as string;
    expect((await c.call('GET', 'user/get-user', undefined, fresh)).statusCode).toBe(200);
  });

  it('update-password without a verified code changes nothing', async () => {
    const c = api();
    const s = await c.signUp();
    const before = (await t.database.db.select().from(users).where(eq(users.email, s.email)))[0]!.passwordHash;
    const resetToken = 'A'.repeat(43);
    const noCode = await c.call('PUT', 'user/update-password', { email: s.email, resetToken, NewPassword: 'hacked99', ConfirmNewPassword: 'hacked99' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe('Please verify the code sent to your email before choosing a new password.');
    // A code that was sent but not verified does not help either.
    await requestCode(c, s.email);
    const unverified = await c.call('PUT', 'user/update-password', { email: s.email, resetToken, NewPassword: 'hacked99', ConfirmNewPassword: 'hacked99' });
    expect(unverified.statusCode).toBe(400);
    const after = (await t.database.db.select().from(users).where(eq(users.email, s.email)))[0]!.passwordHash;
    expect(after).toBe(before);
    expect((await c.call('POST', 'user/refresh-token', undefined, s.refresh)).statusCode).toBe(200);
    expect((await t.database.db.select().from(refreshSessions))[0]!.revokedAt).toBeNull();
  });

  it('update-password is refused more than 10 minutes after the verification', async () => {
    const c = api();
    const s = await c.signUp();
    const code = await requestCode(c, s.email);
    const resetToken = (await c.call('PUT', 'user/verify-otp', { email: s.email, otp: code })).json().data.resetToken as string;
    await t.database.db.update(passwordResetCodes).set({ verifiedAt: new Date(Date.now() - 11 * 60_000) });
    const res = await c.call('PUT', 'user/update-password', { email: s.email, resetToken, NewPassword: 'late1234', ConfirmNewPassword: 'late1234' });
    expect(res.statusCode).toBe(400);
    expect((await c.login(s.email, 'secret123')).statusCode).toBe(200);
  });

  it('update-password validates with the reset form messages', async () => {
    const c = api();
    const s = await c.signUp();
    const send = (NewPassword: string, ConfirmNewPassword: string) =>
      c.call('PUT', 'user/update-password', { email: s.email, resetToken: 'A'.repeat(43), NewPassword, ConfirmNewPassword });
    expect((await send('', 'x')).json().message).toBe('New Password is required');
    expect((await send('abc', 'abc')).json().message).toBe('Password must be at least 6 characters');
    expect((await send('abcdef', '')).json().message).toBe('Confirm New Password is required');
    expect((await send('abcdef', 'abcdeg')).json().message).toBe('Passwords must match');
    const noToken = await c.call('PUT', 'user/update-password', { email: s.email, NewPassword: 'abcdef', ConfirmNewPassword: 'abcdef' });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().message).toBe('Your reset session is missing. Please verify the code sent to your email again.');
  });

  it('after the owner verifies, nobody without the reset token can set the password', async () => {
    const victim = api();
    const s = await victim.signUp();
    const before = (await t.database.db.select().from(users).where(eq(users.email, s.email)))[0]!.passwordHash;
    const code = await requestCode(victim, s.email);
    const verified = await victim.call('PUT', 'user/verify-otp', { email: s.email, otp: code });
    expect(verified.statusCode).toBe(200);
    const resetToken = verified.json().data.resetToken as string;

    const attacker = api();
    const attempt = (token?: string) =>
      attacker.call('PUT', 'user/update-password', { email: s.email, resetToken: token, NewPassword: 'hacked99', ConfirmNewPassword: 'hacked99' });
    const without = await attempt(undefined);
    expect(without.statusCode).toBe(400);
    const wrong = await attempt(`${resetToken.slice(0, -1)}${resetToken.endsWith('A') ? 'B' : 'A'}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, error: true, message: 'Please verify the code sent to your email before choosing a new password.' });
    expect((await attempt('')).statusCode).toBe(400);

    // Nothing changed: same hash, the victim's session lives, the code is still unused.
    expect((await t.database.db.select().from(users).where(eq(users.email, s.email)))[0]!.passwordHash).toBe(before);
    expect((await t.database.db.select().from(refreshSessions))[0]!.revokedAt).toBeNull();
    expect((await victim.call('GET', 'user/get-user', undefined, s.access)).statusCode).toBe(200);
    expect((await attacker.login(s.email, 'hacked99')).statusCode).toBe(401);
    expect((await codeRow(s.email))!.usedAt).toBeNull();

    // The owner, with the token, still succeeds.
    const res = await victim.call('PUT', 'user/update-password', { email: s.email, resetToken, NewPassword: 'brandnew1', ConfirmNewPassword: 'brandnew1' });
    expect(res.statusCode).toBe(200);
    expect((await victim.login(s.email, 'brandnew1')).statusCode).toBe(200);
  });

  it("a reset token works only for its own account", async () => {
    const c = api();
    const a = await c.signUp();
    const b = await c.signUp();
    const codeA = await requestCode(c, a.email);
    const tokenA = (await c.call('PUT', 'user/verify-otp', { email: a.email, otp: codeA })).json().data.resetToken as string;
    const codeB = await requestCode(c, b.email);
    await c.call('PUT', 'user/verify-otp', { email: b.email, otp: codeB });
    const cross = await c.call('PUT', 'user/update-password', { email: b.email, resetToken: tokenA, NewPassword: 'hacked99', ConfirmNewPassword: 'hacked99' });
    expect(cross.statusCode).toBe(400);
    expect((await c.login(b.email, 'secret123')).statusCode).toBe(200);
  });

  it('a code expires after 10 minutes', async () => {
    const c = api();
    const s = await c.signUp();
    const code = await requestCode(c, s.email);
    await t.database.db.update(passwordResetCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await c.call('PUT', 'user/verify-otp', { email: s.email, otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code has expired or is no longer valid. Please request a new one.');
    expect((await codeRow(s.email))!.verifiedAt).toBeNull();
  });

  it('after 5 wrong tries the code is dead, even the right one', async () => {
    const c = api();
    const s = await c.signUp();
    const code = await requestCode(c, s.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await c.call('PUT', 'user/verify-otp', { email: s.email, otp: wrong })).json().message);
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('Invalid OTP. Please check the code and try again.'));
    expect(answers[4]).toBe('This code has expired or is no longer valid. Please request a new one.');
    expect((await codeRow(s.email))!.attempts).toBe(5);
    const right = await c.call('PUT', 'user/verify-otp', { email: s.email, otp: code });
    expect(right.statusCode).toBe(400);
    expect((await codeRow(s.email))!.verifiedAt).toBeNull();
  });

  it('verify-otp refuses a malformed code and an unknown e-mail', async () => {
    const c = api();
    const bad = await c.call('PUT', 'user/verify-otp', { email: uniqueEmail(), otp: '12a456' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a 6-digit OTP.');
    const unknown = await c.call('PUT', 'user/verify-otp', { email: uniqueEmail(), otp: '123456' });
    expect(unknown.statusCode).toBe(400);
  });

  it('forgot-password and verify-otp are rate limited per e-mail', async () => {
    const s = await api().signUp();
    let last = 0;
    for (let i = 0; i < 6; i++) last = (await api().call('PUT', 'user/forgot-password', { email: s.email })).statusCode;
    expect(last).toBe(429);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await api().call('PUT', 'user/verify-otp', { email: s.email, otp: '999999' })).statusCode);
    expect(codes.at(-1)).toBe(429);
    expect(codes.slice(0, 10)).not.toContain(429);
  });

  it('update-password is rate limited per e-mail and per IP', async () => {
    const s = await api().signUp();
    const body = { email: s.email, resetToken: 'A'.repeat(43), NewPassword: 'guess1234', ConfirmNewPassword: 'guess1234' };
    const perEmail: number[] = [];
    for (let i = 0; i < 11; i++) perEmail.push((await api().call('PUT', 'user/update-password', body)).statusCode);
    expect(perEmail.slice(0, 10)).not.toContain(429);
    expect(perEmail.at(-1)).toBe(429);
    const one = api();
    const perIp: number[] = [];
    for (let i = 0; i < 51; i++) perIp.push((await one.call('PUT', 'user/update-password', { ...body, email: uniqueEmail() })).statusCode);
    expect(perIp.slice(0, 50)).not.toContain(429);
    expect(perIp.at(-1)).toBe(429);
  });
});

describe('without SMTP_URL', () => {
  const local = useTestApp();
  it('writes the mail as an .eml file to DATA_DIR/outbox', async () => {
    const c = client(() => local.app);
    const s = await c.signUp();
    await c.call('PUT', 'user/forgot-password', { email: s.email });
    const outbox = path.join(local.config.DATA_DIR, 'outbox');
    const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(raw).toContain(`To: ${s.email}`);
    const code = codeIn(raw);
    expect(code).toMatch(/^\d{6}$/);
    expect((await c.call('PUT', 'user/verify-otp', { email: s.email, otp: code })).statusCode).toBe(200);
    expect(received).toHaveLength(0);
  });
});
