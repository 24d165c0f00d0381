import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** Fields from the query string and, for POST/DELETE, the JSON body (the catalogue's reads and deletes take both). */
const requestFields = (req: FastifyRequest) => ({ ...(req.query as object), ...((req.body as object | undefined) ?? {}) });

/**
 * A route's input parsed once, in a preHandler hook, so the handler reads it
 * typed and never parses: `const q = parsedInput(schema)`, then
 * `preHandler: q.parse` and `q.of(req)` in the handler. A failed parse is a
 * ZodError: 400 with its message.
 */
export function parsedInput<S extends z.ZodType>(schema: S) {
  const parsed = new WeakMap<FastifyRequest, z.output<S>>();
  return {
    async parse(req: FastifyRequest): Promise<void> {
      parsed.set(req, schema.parse(requestFields(req)));
    },
    of(req: FastifyRequest): z.output<S> {
      // Only reachable if a route forgot the hook: a programming error, answered 500.
      if (!parsed.has(req)) throw new Error('parsedInput: the route does not run the parse hook');
      return parsed.get(req) as z.output<S>;
    },
  };
}
