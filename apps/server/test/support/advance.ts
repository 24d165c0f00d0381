import { afterAll, beforeAll, expect } from 'vitest';
import { startFakeBkash, type FakeBkash } from '../fakes/bkash';
import { makeUser } from './factories';
import type { TestContext } from './app';

/**
 * The advance's tests (decisions 0114, 0130): the bKash fake over real HTTP for the file, its environment for
 * useTestApp, and the owner's rule set as staff do it.
 */
export function useAdvanceBkash(): { fake: () => FakeBkash; env: Record<string, string> } {
  let fake: FakeBkash | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeBkash();
    Object.assign(env, fake.env({ BKASH_TIMEOUT_MS: '5000' }));
  });
  afterAll(() => fake?.close());
  return { fake: () => fake!, env };
}

/** Staff (an admin), and the owner's advance rule saved through the API as the COD Protection page saves it. */
export function advanceStaff(t: TestContext) {
  const staff = async () => t.api().as(await makeUser(t.database.db, t.config, 'ADMIN'));
  const setRule = async (rule: object) => expect((await (await staff()).put('cod/advance', rule)).statusCode).toBe(200);
  return { staff, setRule };
}
