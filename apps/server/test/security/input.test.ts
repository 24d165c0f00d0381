import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import { products, users } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import { createApi, emptyDatabase, multipart, png, testConfig, testDatabase, uniqueEmail, useTestApp } from '../support';
import { buildWorld, describeRes, LEAKS_INTERNALS, requestFor, samples, snapshot, UPLOAD_ROUTES, type Sample } from './world';

/** Every string in a sample, as a path and a copy of the sample with that string changed. */
function eachString(sample: Sample, change: (v: string) => string, parts: readonly Part[]): { field: string; sample: Sample }[] {
  const out: { field: string; sample: Sample }[] = [];
  const walk = (value: unknown, rebuild: (v: unknown) => Sample, field: string) => {
    if (typeof value === 'string') out.push({ field, sample: rebuild(change(value)) });
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, (nv) => rebuild(value.map((x, j) => (j === i ? nv : x))), `${field}[${i}]`));
    else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, (nv) => rebuild({ ...value, [k]: nv }), field ? `${field}.${k}` : k);
    }
  };
  for (const part of parts) {
    if (sample[part]) walk(sample[part], (nv) => ({ ...sample, [part]: nv as never }), '');
  }
  return out;
}
type Part = 'json' | 'form' | 'query';

/** Each route's sample sent with one of its strings (in `parts`) changed at a time, as the admin: every reply. */
async function sendEachChanged(
  t: ReturnType<typeof useTestApp>,
  w: Awaited<ReturnType<typeof buildWorld>>,
  known: Awaited<ReturnType<typeof samples>>,
  change: (v: string) => string,
  parts: readonly Part[] = ['json', 'form', 'query'],
): Promise<{ route: string; field: string; got: string }[]> {
  const replies = [];
  for (const route of t.app.routeTable) {
    const sample = known[`${route.method} ${route.url}`];
    if (!sample) continue; // the matrix test names routes without a sample
    for (const { field, sample: bad } of eachString(sample, change, parts)) {
      const res = await t.api().request(requestFor(route.method, route.url, bad, w.admin.auth));
      replies.push({ route: route.url, field, got: describeRes(res) });
    }
  }
  return replies;
}

describe('hostile input answers 4xx with a message and changes nothing', () => {
  const t = useTestApp();

  it('a NUL character in any text field of any route answers 400', async () => {
    const w = await buildWorld(t);
    const known = await samples(w);
    const before = await snapshot(t);
    const replies = await sendEachChanged(t, w, known, (v) => `${v}\u0000x`);
    for (const reply of replies) expect(reply).toMatchObject({ got: expect.stringMatching(/^400 .*NUL character/) });
    // In the URL itself, and in a field name.
    const inPath = await t.api().as(w.admin).delete('order/ab%00cd');
    expect(describeRes(inPath)).toMatch(/^400 .*id must not contain a NUL character/);
    const inKey = await t.api().as(w.userA).post('address/add-address', { 'city\u0000': 'x', address_line: 'a', city: 'Dhaka', mobile: '01712345678' });
    expect(inKey.statusCode).toBe(400);
    expect(await snapshot(t)).toEqual(before);
    expect(replies.length).toBeGreaterThan(60);
  });

  it('a lone UTF-16 surrogate in any JSON text field of any route answers 400 (issue 41)', async () => {
    const w = await buildWorld(t);
    const known = await samples(w);
    const before = await snapshot(t);
    // Only JSON carries a lone surrogate: a query string or a form is UTF-8, where it arrives as U+FFFD.
    const replies = [
      ...(await sendEachChanged(t, w, known, (v) => `${v}\uD800x`, ['json'])),
      ...(await sendEachChanged(t, w, known, (v) => `${v}\uDFFFx`, ['json'])),
    ];
    for (const reply of replies) expect(reply).toMatchObject({ got: expect.stringMatching(/^400 .*broken character/) });
    // A well-formed pair (an emoji) is text.
    const emoji = await t.api().as(w.userA).post('address/add-address', { address_line: 'House 1 \u{1F3E0}', city: 'Dhaka', mobile: '01712345678' });
    expect(emoji.statusCode).toBeLessThan(400);
    expect(replies.length).toBeGreaterThan(40);
    // The emoji's address is the only change.
    const after = await snapshot(t);
    expect(Object.keys(after).filter((k) => after[k] !== before[k])).toEqual(['addresses']);
  });

  it('a malformed multipart body on each of the seven upload routes answers 400', async () => {
    const w = await buildWorld(t);
    const before = await snapshot(t);
    const boundary = '----haatfuzz';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nToys\r\n`;
    const bodies: [string, string, string][] = [
      ['no boundary', 'multipart/form-data', head],
      ['no parts at all', `multipart/form-data; boundary=${boundary}`, 'this is not a form'],
      ['cut off in a part', `multipart/form-data; boundary=${boundary}`, `${head}--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG`],
      ['a part without headers', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\n\r\nvalue\r\n--${boundary}--\r\n`],
      ['a broken header line', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition form-data name\r\n\r\nx\r\n--${boundary}--\r\n`],
    ];
    for (const [method, url] of UPLOAD_ROUTES) {
      const auth = url.includes('avatar') ? w.userA.auth : w.admin.auth;
      for (const [label, type, payload] of bodies) {
        const res = await t.api().send(method, url, payload, { headers: { ...auth, 'content-type': type } });
        expect({ url, label, got: describeRes(res) }).toMatchObject({ got: expect.stringMatching(/^4\d\d /) });
        expect(res.json().message, `${url} ${label}`).toMatch(/\w/);
        expect(res.body).not.toMatch(LEAKS_INTERNALS);
      }
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('a text field over the limit is refused with a message, never cut short', async () => {
    const w = await buildWorld(t);
    const image = await png(10, 10);
    const base = { description: 'd', unit: '1 pc', stock: '3', price: '100', category: w.cat.electronics, subCategory: w.sub.phones, image };
    const add = (fields: Record<string, string | Buffer>) => t.api().as(w.admin).post('product/add-product', multipart(fields));

    // 70,000 characters: over the form's 64 KB field limit, where the parser would have cut it to 65,536.
    const huge = await add({ ...base, name: 'n'.repeat(70_000) });
    expect(describeRes(huge)).toMatch(/^413 .*The field name is too long \(at most 64 KB\)/);
    const over = await add({ ...base, name: 'n'.repeat(201) });
    expect(describeRes(over)).toMatch(/^400 .*Name must be at most 200 characters/);
    expect(await t.database.db.select().from(products).where(eq(products.name, 'n'.repeat(200)))).toHaveLength(0);
    const exact = await add({ ...base, name: 'n'.repeat(200) });
    expect(exact.statusCode).toBe(200);
    expect(exact.json().data.name).toHaveLength(200);

    const address = await t.api().as(w.userA).post('address/add-address', { address_line: 'x'.repeat(20_000), city: 'Dhaka', mobile: '01712345678' });
    expect(describeRes(address)).toMatch(/^400 .*Address Line is too long/);
    // Past the 64 KB JSON body cap the body is not even read (decision 0044).
    const whole = await t.api().as(w.userA).post('address/add-address', { address_line: 'x'.repeat(70_000), city: 'Dhaka', mobile: '01712345678' });
    expect(describeRes(whole)).toMatch(/^413 .*The request is too large \(at most 64 KB\)/);
  });
});

/**
 * Issue 8, item 3: the log of a whole account life and of failures holds no
 * password, hash, token, one-time code or query parameter.
 */
describe('the log holds no secrets', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let config: Config;

  beforeAll(async () => {
    const database = await testDatabase();
    await emptyDatabase(database);
    config = testConfig();
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await buildApp({ config, database, logger: { level: 'trace', stream } });
    // The test's own route runs a real failing query whose parameters hold a password hash and an e-mail.
    app.post('/test/failing-query', async (req) => {
      const { email, passwordHash } = req.body as { email: string; passwordHash: string };
      const row = { name: 'Dup', email, passwordHash };
      await database.db.insert(users).values({ id: newId(), ...row });
      await database.db.insert(users).values({ id: newId(), ...row });
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('after sign-up, sign-in, refresh, profile change, password reset, bad input and a failing query', async () => {
    const c = createApi(app);
    const password = 'first-Secret-123';
    const newPassword = 'second-Secret-456';
    const resetPassword = 'third-Secret-789';
    const s = await c.signUp(uniqueEmail(), password);
    expect((await c.login(s.email, 'wrong-password-xyz')).statusCode).toBe(401);
    const refreshed = await c.post('user/refresh-token', { refresh_token: s.refresh });
    expect(refreshed.statusCode).toBe(200);
    const access = refreshed.json().data.access_token as string;
    const profile = await c.as(access).put('user/update-user', { password: newPassword, currentPassword: password });
    expect(profile.statusCode).toBe(200);

    // The reset code arrives in the outbox (possibly after the answer: mail is sent off the request path).
    expect((await c.put('user/forgot-password', { email: s.email })).statusCode).toBe(200);
    const outbox = path.join(config.DATA_DIR, 'outbox');
    let code: string | undefined;
    for (let i = 0; i < 100 && !code; i++) {
      const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
      code = files.map((f) => /Your code is (\d{6})/.exec(readFileSync(path.join(outbox, f), 'utf8'))?.[1]).find(Boolean);
      if (!code) await new Promise((r) => setTimeout(r, 50));
    }
    expect(code).toMatch(/^\d{6}$/);
    const verified = await c.put('user/verify-otp', { email: s.email, otp: code });
    const resetToken = verified.json().data.resetToken as string;
    const reset = await c.put('user/update-password', { email: s.email, resetToken, NewPassword: resetPassword, ConfirmNewPassword: resetPassword });
    expect(reset.statusCode).toBe(200);

    // Signing in with a mobile (issue 26): the texted code is in the SMS outbox only, never in the log.
    expect((await c.post('user/otp/send', { mobile: '01755500011' })).statusCode).toBe(200);
    const sms = readdirSync(outbox).filter((f) => f.endsWith('.sms.json')).map((f) => JSON.parse(readFileSync(path.join(outbox, f), 'utf8')) as { to: string; text: string });
    const smsCode = /(\d{6})/.exec(sms.find((m) => m.to === '8801755500011')!.text)![1]!;
    expect((await c.post('user/otp/verify', { mobile: '01755500011', otp: smsCode })).statusCode).toBe(200);

    const nul = await c.as(access).post('address/add-address', { address_line: 'Road 1\u0000', city: 'Dhaka', mobile: '01712345678' });
    expect(nul.statusCode).toBeLessThan(500);
    const [row] = await createApi(app).get('/api/health').then(async () =>
      (await testDatabase()).db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, s.email)),
    );
    const hash = row!.hash!;
    expect(hash).toMatch(/^\$argon2/);

    const failing = await createApi(app).post('/test/failing-query', { email: 'dup.params@example.com', passwordHash: hash }, { headers: { authorization: `Bearer ${access}` } });
    expect(failing.statusCode).toBe(500);
    expect(failing.body).not.toMatch(LEAKS_INTERNALS);

    const log = lines.join('');
    // The failing query was logged, with its SQL and code but not its values.
    expect(log).toMatch(/"msg":"unhandled error"/);
    expect(log).toContain('Failed query: insert into');
    expect(log).toContain('"constraint":"users_email_key"');
    for (const [what, secret] of Object.entries({
      password,
      newPassword,
      resetPassword,
      'wrong password': 'wrong-password-xyz',
      hash,
      'hash body': hash.split('$').at(-1)!,
      'access token': s.access,
      'refreshed access token': access,
      'refresh token': s.refresh,
      'reset code': code!,
      'reset token': resetToken,
      'query parameter (e-mail)': 'dup.params@example.com',
      'params list': 'params:',
    })) {
      expect(log.includes(secret), `the log holds the ${what}`).toBe(false);
    }
    // Six digits also occur inside timestamps: the code as a number of its own.
    expect(new RegExp(`(?<!\\d)${smsCode}(?!\\d)`).test(log), 'the log holds the texted sign-in code').toBe(false);
  });
});
