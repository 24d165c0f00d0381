import type { SQL } from 'drizzle-orm';
import type { Database } from '../../src/db/client';

/** The rows of a raw query (both drivers answer `{ rows }`). */
export async function queryRows<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
