import type { FastifyRequest } from 'fastify';
import { appError } from './errors';

/**
 * PostgreSQL text cannot hold a NUL character (U+0000): a query carrying one
 * fails inside the driver. Input is refused before it gets that far.
 */
const MAX_DEPTH = 32;

/**
 * A lone UTF-16 surrogate (JSON's "\ud800" with no pair) is not text: PostgreSQL cannot encode it and the query
 * fails with a 500 (issue 41). Refused like the NUL.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first key or string the test matches, or null. */
function badPath(value: unknown, bad: (s: string) => boolean, path = '', depth = 0): string | null {
  if (typeof value === 'string') return bad(value) ? path || 'value' : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, v] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (bad(key)) return path || 'a field name';
    const found = badPath(v, bad, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The path of the first key or string holding a NUL, or null. */
export const nulPath = (value: unknown): string | null => badPath(value, (s) => s.includes('\u0000'));

/** The path of the first key or string holding a lone surrogate, or null. */
const illFormedPath = (value: unknown): string | null => badPath(value, (s) => LONE_SURROGATE.test(s));

/** preValidation for every route: the body, the query string and the URL's parameters. */
export async function refuseNulBytes(req: FastifyRequest): Promise<void> {
  for (const part of [req.params, req.query, req.body]) {
    const field = nulPath(part);
    if (field) throw appError('NUL_CHARACTER', { field });
    const illFormed = illFormedPath(part);
    if (illFormed) throw appError('ILL_FORMED_TEXT', { field: illFormed });
  }
}
