/**
 * What a failed query means, read from its SQLSTATE. Drizzle wraps the
 * driver's error (pg and PGlite alike) in `cause`, so the whole chain is read.
 */
type SqlError = { code?: string; constraint?: string; message?: string; cause?: unknown };

function findSqlState(err: unknown, code: string): SqlError | null {
  for (let e = err as SqlError | undefined, depth = 0; e && typeof e === 'object' && depth < 6; e = e.cause as SqlError | undefined, depth++) {
    if (e.code === code) return e;
  }
  return null;
}

/**
 * The unique index a failed write ran into (its name, or the message when the
 * driver names none), or null when the failure was something else.
 */
export function uniqueViolation(err: unknown): string | null {
  const e = findSqlState(err, '23505');
  return e ? (e.constraint ?? e.message ?? '') : null;
}

export const isUniqueViolation = (err: unknown): boolean => uniqueViolation(err) !== null;

/** Two transactions locked rows crosswise and PostgreSQL cancelled one: safe to run again. */
export const isDeadlock = (err: unknown): boolean => findSqlState(err, '40P01') !== null;
