import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginCodes, loginFailures, refreshSessions, users } from '../src/db/schema';
import { sweepLoginFailures } from '../src/modules/users/service';
import { startSmtpCatcher, uniqueEmail, useTestApp, type Api, type TestContext } from './support';

/**
 * Issue 18 (decision 0045): wrong passwords are capped per account per day,
 * whatever the address, and the owner signs in past the cap with a one-time
 * code by e-mail, sent through a real SMTP server in the test process.
 */
const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());
const { received, mailsTo } = smtp;
beforeEach(() => {
  received.length = 0;
});

const PASSWORD_CAPPED = 'Too many wrong passwords for this account today. Please sign in with a code sent to your e-mail.';
const LOGIN_CODE_INVALID = 'Invalid or expired code. Please check the code, or ask for a new one.';
const SENT = 'If an account exists for this email, we have sent a code to it.';
const loginCodeIn = (raw: string) => /Your sign-in code is (\d{8})/.exec(raw)?.[1];

/** Mail goes out after the answer, in order: once a later sentinel's code has arrived, everything before it is done. */
async function mailSettled(t: TestContext) {
  const sentinel = t.api();
  const email = uniqueEmail('sentinel');
  await sentinel.register(email);
  await sentinel.put('user/send-login-code', { email });
  await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(1), { timeout: 10_000 });
}

async function requestLoginCode(t: TestContext, c: Api, email: string) {
  const res = await c.put('user/send-login-code', { email });
  expect(res.statusCode).toBe(200);
  expect(res.json().message).toBe(SENT);
  await mailSettled(t);
  const mail = mailsTo(email).at(-1);
  return mail ? loginCodeIn(mail.raw) : undefined;
}

const userRow = async (t: TestContext, email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('the daily cap on wrong passwords (rate limits off: the cap alone holds)', () => {
  const t = useTestApp({ SMTP_URL: smtp.url, RATE_LIMITS: 'off' });

  it('30 wrong passwords from 30 addresses, then even the right one is refused with a way in by e-mail', async () => {
    const owner = t.api();
    const s = await owner.signUp();
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await t.api().login(s.email, `guess-${i}`)).statusCode);
    expect(codes).toEqual(Array(30).fill(401));
    const wrong = await t.api().login(s.email, 'guess-31');
    const right = await owner.login(s.email);
    for (const res of [wrong, right]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, error: true, message: PASSWORD_CAPPED });
    }
    // The count is in the database, so every server process sees it.
    expect((await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, s.email)))[0]!.failures).toBeGreaterThanOrEqual(30);
    expect(await t.database.db.select().from(refreshSessions)).toHaveLength(1);

    // The owner's way in: a code by e-mail, which the cap does not touch.
    const code = await requestLoginCode(t, owner, s.email);
    const signedIn = await owner.put('user/login-with-code', { email: s.email, code });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().message).toBe('Login successfully');
    const access = signedIn.json().data.access_token as string;
    expect((await owner.as(access).get('user/get-user')).json().data.email).toBe(s.email);
    expect(signedIn.json().data.refresh_token).toMatch(/^[\w-]{43}$/);
  });

  it('answers an unknown e-mail the same, so the cap tells nothing about which accounts exist', async () => {
    const known = (await t.api().signUp()).email;
    const unknown = uniqueEmail('nobody');
    for (const email of [known, unknown]) for (let i = 0; i < 30; i++) await t.api().login(email, 'wrong-pass');
    const a = await t.api().login(known, 'wrong-pass');
    const b = await t.api().login(unknown, 'wrong-pass');
    expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
    expect(a.json().message).toBe(PASSWORD_CAPPED);
  });

  it('a right password takes its try back, and the cap lifts a day after the first wrong one', async () => {
    const c = t.api();
    const s = await c.signUp();
    for (let i = 0; i < 29; i++) await c.login(s.email, 'wrong-pass');
    // Right passwords in between are not failures.
    for (let i = 0; i < 3; i++) expect((await c.login(s.email)).statusCode).toBe(200);
    expect((await c.login(s.email, 'wrong-pass')).statusCode).toBe(401);
    expect((await c.login(s.email)).statusCode).toBe(403);
    await t.database.db.update(loginFailures).set({ windowStartedAt: new Date(Date.now() - 24 * 60 * 60_000 - 1000) });
    expect((await c.login(s.email)).statusCode).toBe(200);
    expect((await c.login(s.email, 'wrong-pass')).statusCode).toBe(401);
    expect((await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, s.email)))[0]!.failures).toBe(1);
  });

  it('day-old windows go in the periodic sweep, not on a login: a right password leaves them, the sweep drops only them', async () => {
    const c = t.api();
    const s = await c.signUp();
    const stranger = uniqueEmail('gone');
    await c.login(stranger, 'wrong-pass');
    await c.login(s.email, 'wrong-pass');
    await t.database.db.update(loginFailures).set({ windowStartedAt: new Date(Date.now() - 24 * 60 * 60_000 - 1000) }).where(eq(loginFailures.email, stranger));
    expect((await c.login(s.email)).statusCode).toBe(200);
    const emails = async () => (await t.database.db.select({ email: loginFailures.email }).from(loginFailures)).map((r) => r.email).filter((e) => e === stranger || e === s.email).sort();
    expect(await emails()).toEqual([stranger, s.email].sort());
    expect(await sweepLoginFailures(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await emails()).toEqual([s.email]);
  });
});

describe('sign in with a code sent by e-mail', () => {
  const t = useTestApp({ SMTP_URL: smtp.url });

  it('mails an 8-digit code, stored only hashed, that signs in once', async () => {
    const c = t.api();
    const s = await c.signUp();
    const code = await requestLoginCode(t, c, s.email);
    expect(code).toMatch(/^\d{8}$/);
    const mail = await PostalMime.parse(mailsTo(s.email).at(-1)!.raw);
    expect(mail.subject).toBe('Your Haat sign-in code');
    expect(mail.html).toContain(code);
    const [row] = await t.database.db.select().from(loginCodes).where(eq(loginCodes.userId, (await userRow(t, s.email))!.id));
    expect(row!.codeHash).not.toContain(code!);
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);
    // Typed with a space in the middle, as the mail's big digits invite.
    const first = await c.put('user/login-with-code', { email: s.email.toUpperCase(), code: `${code!.slice(0, 4)} ${code!.slice(4)}` });
    expect(first.statusCode).toBe(200);
    expect(await t.database.db.select().from(refreshSessions)).toHaveLength(2);
    expect((await userRow(t, s.email))!.lastLoginAt).toBeInstanceOf(Date);
    const again = await c.put('user/login-with-code', { email: s.email, code });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(LOGIN_CODE_INVALID);
    expect(await t.database.db.select().from(refreshSessions)).toHaveLength(2);
  });

  it('writes the mail in Bangla when the page asked in Bangla', async () => {
    const c = t.api();
    const s = await c.signUp();
    await c.put('user/send-login-code', { email: s.email }, { headers: { 'accept-language': 'bn' } });
    await mailSettled(t);
    const mail = await PostalMime.parse(mailsTo(s.email).at(-1)!.raw);
    expect(mail.subject).toBe('আপনার Haat সাইন-ইন কোড');
    const code = /আপনার সাইন-ইন কোড (\d{8})/.exec(mail.text ?? '')?.[1];
    expect((await c.put('user/login-with-code', { email: s.email, code })).statusCode).toBe(200);
  });

  it('answers an unknown e-mail the same and sends nothing; every failure is worded the same', async () => {
    const c = t.api();
    const s = await c.signUp();
    const noCode = (await t.api().signUp()).email;
    const unknown = uniqueEmail('nobody');
    const a = await t.api().put('user/send-login-code', { email: unknown });
    const code = await requestLoginCode(t, c, s.email);
    const b = await t.api().put('user/send-login-code', { email: s.email });
    expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
    expect(mailsTo(unknown)).toHaveLength(0);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    const answers = await Promise.all([
      t.api().put('user/login-with-code', { email: s.email, code: wrong }),
      t.api().put('user/login-with-code', { email: unknown, code: wrong }),
      t.api().put('user/login-with-code', { email: noCode, code: wrong }),
    ]);
    for (const res of answers) expect([res.statusCode, res.json().message]).toEqual([400, LOGIN_CODE_INVALID]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(await t.database.db.select().from(refreshSessions)).toHaveLength(2);
  });

  it('runs the same statements for an e-mail with a live code, one without, and no account', async () => {
    const c = t.api();
    const s = await c.signUp();
    const code = await requestLoginCode(t, c, s.email);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    const kinds = { live: s.email, noCode: (await t.api().signUp()).email, unknown: uniqueEmail('nobody') };
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const sent: Record<string, string[]> = {};
    for (const [kind, email] of Object.entries(kinds)) {
      const spy = t.database.kind === 'pglite' ? vi.spyOn(client, 'query') : null;
      const res = await t.api().put('user/login-with-code', { email, code: wrong });
      // The job queue's own upkeep (pg-boss's monitor, on its timer) may run on the same PGlite meanwhile: not the request's.
      sent[kind] = spy ? spy.mock.calls.map((call) => String(call[0])).filter((q) => !/\bpgboss\./.test(q)) : [];
      spy?.mockRestore();
      expect(res.json().message).toBe(LOGIN_CODE_INVALID);
    }
    if (t.database.kind === 'pglite') {
      expect(sent.live!.map((q) => q.split(' ')[0])).toEqual(['select', 'update']);
      expect(sent.noCode).toEqual(sent.live);
      expect(sent.unknown).toEqual(sent.live);
    }
  });

  it('after 5 wrong guesses the code is dead, even the right one; a new code works', async () => {
    const c = t.api();
    const s = await c.signUp();
    const code = await requestLoginCode(t, c, s.email);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < 5; i++) expect((await t.api().put('user/login-with-code', { email: s.email, code: wrong })).statusCode).toBe(400);
    const { id } = (await userRow(t, s.email))!;
    expect((await t.database.db.select().from(loginCodes).where(eq(loginCodes.userId, id)))[0]!.attempts).toBe(5);
    expect((await c.put('user/login-with-code', { email: s.email, code })).statusCode).toBe(400);
    // One code a minute: the owner asks again after it.
    await t.database.db.update(loginCodes).set({ createdAt: new Date(Date.now() - 61_000) });
    const next = await requestLoginCode(t, c, s.email);
    expect((await c.put('user/login-with-code', { email: s.email, code: next })).statusCode).toBe(200);
  });

  it('a code expires after 10 minutes; only the newest counts; one a minute', async () => {
    const c = t.api();
    const s = await c.signUp();
    const first = await requestLoginCode(t, c, s.email);
    await c.put('user/send-login-code', { email: s.email });
    await mailSettled(t);
    expect(mailsTo(s.email)).toHaveLength(1);
    await t.database.db.update(loginCodes).set({ createdAt: new Date(Date.now() - 61_000) });
    const second = await requestLoginCode(t, c, s.email);
    expect(mailsTo(s.email)).toHaveLength(2);
    if (first !== second) expect((await c.put('user/login-with-code', { email: s.email, code: first })).statusCode).toBe(400);
    await t.database.db.update(loginCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await c.put('user/login-with-code', { email: s.email, code: second })).statusCode).toBe(400);
    expect(await t.database.db.select().from(refreshSessions)).toHaveLength(1);
  });

  it('sends no code to a suspended account, and its code does not sign in', async () => {
    const c = t.api();
    const s = await c.signUp();
    const code = await requestLoginCode(t, c, s.email);
    await t.database.db.update(users).set({ status: 'Suspended' }).where(eq(users.email, s.email));
    expect((await c.put('user/login-with-code', { email: s.email, code })).json().message).toBe(LOGIN_CODE_INVALID);
    await t.database.db.update(loginCodes).set({ createdAt: new Date(Date.now() - 61_000) });
    expect(await requestLoginCode(t, c, s.email)).toBe(code);
    expect(mailsTo(s.email)).toHaveLength(1);
  });

  it('refuses malformed input with the form messages and changes nothing', async () => {
    const c = t.api();
    const s = await c.signUp();
    const bad = await c.put('user/login-with-code', { email: s.email, code: '1234' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Please enter the 8-digit code from the e-mail.']);
    expect((await c.put('user/login-with-code', { email: s.email })).json().message).toBe('Please enter the 8-digit code from the e-mail.');
    expect((await c.put('user/login-with-code', { email: 'nope', code: '12345678' })).json().message).toBe('Invalid email address');
    expect((await c.put('user/send-login-code', { email: '' })).json().message).toBe('Email is required');
    await mailSettled(t);
    expect(mailsTo(s.email)).toHaveLength(0);
    expect(await t.database.db.select().from(loginCodes)).toHaveLength(1); // the sentinel's
  });

  it('is limited per address, never for the owner by strangers elsewhere', async () => {
    const s = await t.api().signUp();
    const stranger = t.api();
    const sends: number[] = [];
    for (let i = 0; i < 6; i++) sends.push((await stranger.put('user/send-login-code', { email: s.email })).statusCode);
    expect(sends.slice(0, 5)).toEqual(Array(5).fill(200));
    expect(sends.at(-1)).toBe(429);
    const guesses: number[] = [];
    for (let i = 0; i < 11; i++) guesses.push((await stranger.put('user/login-with-code', { email: s.email, code: '00000000' })).statusCode);
    expect(guesses.at(-1)).toBe(429);
    expect(Number((await stranger.put('user/login-with-code', { email: s.email, code: '00000000' })).headers['retry-after'])).toBeGreaterThan(0);
    // The owner, elsewhere, still gets a code (the stranger's wrong guesses killed the one they triggered) and signs in.
    const owner = t.api();
    await t.database.db.update(loginCodes).set({ createdAt: new Date(Date.now() - 61_000) });
    const code = await requestLoginCode(t, owner, s.email);
    expect((await owner.put('user/login-with-code', { email: s.email, code })).statusCode).toBe(200);
  });
});
