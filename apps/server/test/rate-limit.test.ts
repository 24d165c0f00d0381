import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { newId } from '../src/lib/ids';
import { memoryStore, redisStore, type RateStore } from '../src/lib/rate-limit';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { makeUser, multipart, png, uniqueEmail, useTestApp } from './support';

/**
 * Both stores keep the same contract. Redis (shared by several server
 * processes) needs a server: CI sets TEST_REDIS_URL (see .ci/run).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const stores: [string, () => RateStore, boolean][] = [
  ['memory', () => memoryStore(), false],
  ['Redis', () => redisStore(redisUrl!), !redisUrl],
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(stores)('rate limits in %s', (_name, make, skip) => {
  // Two handles on one store: for Redis, two processes sharing the counts.
  const a = skip ? null : make();
  const b = skip ? null : _name === 'Redis' ? make() : a;
  afterAll(async () => {
    await a?.close();
    if (b !== a) await b?.close();
  });

  it.skipIf(skip)('counts hits per key, with the time left in the window', async () => {
    const key = `test:${newId()}`;
    expect((await a!.hit(key, 60_000)).count).toBe(1);
    expect((await b!.hit(key, 60_000)).count).toBe(2);
    const third = await a!.hit(key, 60_000);
    expect(third.count).toBe(3);
    expect(third.resetMs).toBeGreaterThan(55_000);
    expect(third.resetMs).toBeLessThanOrEqual(60_000);
    expect((await b!.hit(`${key}:other`, 60_000)).count).toBe(1);
    expect((await a!.peek(key)).count).toBe(3);
    await b!.undo(key);
    expect((await a!.peek(key)).count).toBe(2);
    expect((await a!.peek(`${key}:never`)).count).toBe(0);
  });

  it.skipIf(skip)('counts a key of 1 MB (a client-sent e-mail or address) like any other, by its hash', async () => {
    const big = `test:${newId()}:${'a'.repeat(1_000_000)}`;
    expect((await a!.hit(big, 60_000)).count).toBe(1);
    expect((await b!.hit(big, 60_000)).count).toBe(2);
    expect((await a!.hit(`${big}b`, 60_000)).count).toBe(1);
    await b!.undo(big);
    expect((await a!.peek(big)).count).toBe(1);
  });

  it.skipIf(skip)('starts a new window when the old one expires', async () => {
    const key = `test:${newId()}`;
    expect((await a!.hit(key, 200)).count).toBe(1);
    expect((await b!.hit(key, 200)).count).toBe(2);
    await sleep(350);
    expect((await a!.peek(key)).count).toBe(0);
    await a!.undo(key);
    expect((await a!.hit(key, 200)).count).toBe(1);
  });
});

describe('the memory store', () => {
  it('is bounded: past its size the least recently used keys go, without scanning', async () => {
    const store = memoryStore(3);
    for (const key of ['a', 'b', 'c']) await store.hit(key, 60_000);
    await store.hit('a', 60_000);
    await store.hit('d', 60_000);
    expect((await store.peek('b')).count).toBe(0);
    expect((await store.peek('a')).count).toBe(2);
    expect((await store.peek('d')).count).toBe(1);
  });
});

describe('the memory store, by bytes', () => {
  it('holds at most its byte budget: a spray of distinct keys pushes out the oldest', async () => {
    // 10 KB holds about 40 windows of short keys, whatever the key limit.
    const store = memoryStore(1000, 10_000);
    for (let i = 0; i < 100; i++) await store.hit(`spray:${i}`, 60_000);
    expect((await store.peek('spray:0')).count).toBe(0);
    expect((await store.peek('spray:99')).count).toBe(1);
  });

  it('stores a 1 MB key as a short one, so it neither pushes others out nor escapes counting', async () => {
    const store = memoryStore(1000, 10_000);
    await store.hit('kept', 60_000);
    for (let i = 0; i < 10; i++) {
      const big = `login:fail:email:${i}${'a'.repeat(1_000_000)}`;
      await store.hit(big, 60_000);
      expect((await store.hit(big, 60_000)).count).toBe(2);
    }
    expect((await store.peek('kept')).count).toBe(1);
  });
});

describe('refused requests count against the address', () => {
  const t = useTestApp();

  it('login: 30 bad requests (a malformed or 60 KB e-mail, no password) from one address, then 429 even for a right password', async () => {
    const owner = uniqueEmail();
    await t.api().register(owner);
    const c = t.api();
    const bad = [{ email: 'not-an-email', password: 'secret123' }, { email: `${'a'.repeat(60_000)}@example.com`, password: 'secret123' }, { email: owner }];
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await c.post('user/login', bad[i % bad.length])).statusCode);
    expect(codes).toEqual(Array(30).fill(400));
    const res = await c.login(owner);
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 429, message: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await t.api().login(owner)).statusCode).toBe(200);
  });
});

describe('picture uploads are limited per account and per address (issue 41)', () => {
  const t = useTestApp();

  it('an avatar: 10 an hour per account, then 429 TOO_MANY_UPLOADS with Retry-After and the avatar kept; another account is not held back', async () => {
    const user = await makeUser(t.database.db, t.config);
    const c = t.api().as(user);
    const upload = async (api = c) => api.put('user/upload-avatar', multipart({ avatar: { data: await png(), filename: 'a.png' } }));
    for (let i = 0; i < 10; i++) expect((await upload()).statusCode).toBe(200);
    const kept = (await t.database.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, user.id)))[0]!.avatar;
    const res = await upload();
    expect({ status: res.statusCode, code: res.json().code, message: res.json().message }).toEqual({ status: 429, code: 'TOO_MANY_UPLOADS', message: 'Too many pictures uploaded. Please wait a while and try again.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await t.database.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, user.id)))[0]!.avatar).toBe(kept);
    // From another address the same account is still held back; another account is not.
    expect((await upload(t.api().as(user))).statusCode).toBe(429);
    expect((await upload(t.api().as(await makeUser(t.database.db, t.config)))).statusCode).toBe(200);
  });

  it('return photos: 20 an hour per account, counted before the form is read', async () => {
    const user = await makeUser(t.database.db, t.config);
    const ask = async () => t.api().as(user).post(`order/${newId()}/returns`, multipart({ request: '{"kind":"return","items":[],"reason":"damaged"}', photos: [await png()] }));
    for (let i = 0; i < 20; i++) expect((await ask()).statusCode).not.toBe(429);
    const res = await ask();
    expect([res.statusCode, res.json().code]).toEqual([429, 'TOO_MANY_UPLOADS']);
  });

  it('per address: 60 avatars an hour from one address, whoever is signed in', async () => {
    const c = t.api();
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await c.as(await makeUser(t.database.db, t.config)).put('user/upload-avatar', multipart({ avatar: { data: await png(8, 8), filename: 'a.png' } }))).statusCode);
    expect(codes.slice(0, 60)).toEqual(Array(60).fill(200));
    expect(codes[60]).toBe(429);
  });
});

describe('RATE_LIMITS=off', () => {
  const t = useTestApp({ RATE_LIMITS: 'off' });

  it('lets every check pass (for benchmarks)', async () => {
    const c = t.api();
    // Two accounts, so one address passes its 30 failures while each account stays under the
    // daily cap on wrong passwords (30 a day, decision 0045: an account rule, not a rate limit).
    const [first, second] = [uniqueEmail(), uniqueEmail()];
    await c.register(first);
    await c.register(second);
    const codes: number[] = [];
    for (let i = 0; i < 35; i++) codes.push((await c.login(i % 2 ? second : first, 'wrong-pass')).statusCode);
    expect(codes).toEqual(Array(35).fill(401));
    expect((await c.login(first)).statusCode).toBe(200);
  });

  it('is refused in production, with one line naming it', () => {
    expect(loadConfig({ RATE_LIMITS: 'off' }).RATE_LIMITS).toBe('off');
    expect(loadConfig({}).RATE_LIMITS).toBe('on');
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), RATE_LIMITS: 'off' };
    expect(() => loadConfig(prod)).toThrow(ConfigError);
    expect(() => loadConfig(prod)).toThrow(/RATE_LIMITS/);
    expect(() => loadConfig({ RATE_LIMITS: 'maybe' })).toThrow(/^Invalid configuration: RATE_LIMITS="maybe"/);
  });
});
