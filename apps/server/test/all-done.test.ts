import { describe, expect, it } from 'vitest';
import { allDone } from '../src/lib/all-done';

describe('allDone', () => {
  it('answers every value in order', async () => {
    expect(await allDone([Promise.resolve(1), Promise.resolve('two')])).toEqual([1, 'two']);
  });

  it('rejects with the first failure only after the slower work has ended', async () => {
    let slowEnded = false;
    const slow = new Promise<string>((resolve) => setTimeout(() => ((slowEnded = true), resolve('page')), 50));
    const notFound = Promise.reject(new Error('Sub-category not found.'));
    await expect(allDone([notFound, slow])).rejects.toThrow('Sub-category not found.');
    // With Promise.all the rejection came first and the query went on after the answer (a deadlock with the next TRUNCATE).
    expect(slowEnded).toBe(true);
  });
});
