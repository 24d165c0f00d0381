import type { FastifyRequest } from 'fastify';
import { appError } from './errors';

/**
 * PostgreSQL text cannot hold a NUL character (U+0000): a query carrying one
 * fails inside the driver. Input is refused before it gets that far.
 */
const MAX_DEPTH = 32;

/** The path of the first key or string holding a NUL, or null. */
export function nulPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, v] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return path || 'a field name';
    const found = nulPath(v, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/** preValidation for every route: the body, the query string and the URL's parameters. */
export async function refuseNulBytes(req: FastifyRequest): Promise<void> {
  for (const part of [req.params, req.query, req.body]) {
    const field = nulPath(part);
    if (field) throw appError('NUL_CHARACTER', { field });
  }
}
