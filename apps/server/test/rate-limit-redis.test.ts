import { afterAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids';
import { redisStore } from '../src/lib/rate-limit';

/**
 * With REDIS_URL, several server processes share their rate-limit counts.
 * Needs a Redis server: CI sets TEST_REDIS_URL (see .ci/run).
 */
const url = process.env.TEST_REDIS_URL;

describe.skipIf(!url)('rate limits in Redis', () => {
  const a = redisStore(url!);
  const b = redisStore(url!);
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts hits from two processes together, per key', async () => {
    const key = `test:${newId()}`;
    expect(await a.hit(key, 60_000)).toBe(1);
    expect(await b.hit(key, 60_000)).toBe(2);
    expect(await a.hit(key, 60_000)).toBe(3);
    expect(await b.hit(`${key}:other`, 60_000)).toBe(1);
  });

  it('starts a new window when the old one expires', async () => {
    const key = `test:${newId()}`;
    expect(await a.hit(key, 200)).toBe(1);
    expect(await b.hit(key, 200)).toBe(2);
    await new Promise((r) => setTimeout(r, 350));
    expect(await a.hit(key, 200)).toBe(1);
  });
});
