/**
 * Promise.all that rejects only once every promise has ended. A request that
 * reads a page beside the checks that its category exists answers 404 as soon
 * as a check fails; with Promise.all the page's query would still be running
 * after the answer, holding locks that a later statement (a TRUNCATE between
 * tests, a migration) can deadlock against.
 */
export async function allDone<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
