import { ERRORS } from '@haat/shared/errors/catalogue';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { z } from 'zod';
import { envelope } from '@haat/shared/schemas/reply';
import { doc } from '../../lib/openapi';

const database = z.object({ kind: z.string(), state: z.enum(['up', 'down']), latencyMs: z.number().optional() });
/** GET /health: the database's kind, state and, when up, its latency; 503 with state down when unreachable. */
const healthReply = envelope(z.object({ database }));

export const healthRoutes = (deps: AppDeps): FastifyPluginAsync => async (app) => {
  app.get('/health', { schema: doc('shop', 'Liveness and database state', { reply: healthReply, more: { 503: healthReply } }) }, async (_req, reply) => {
    const started = performance.now();
    try {
      await deps.database.ping();
      return { success: true, error: false, message: 'ok', data: { database: { kind: deps.database.kind, state: 'up', latencyMs: Math.round(performance.now() - started) } } };
    } catch (err) {
      _req.log.warn(`health check: database unreachable (${err instanceof Error ? err.message : String(err)})`);
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ success: false, error: true, code: 'DATABASE_UNREACHABLE', params: {}, message: ERRORS.DATABASE_UNREACHABLE.en, data: { database: { kind: deps.database.kind, state: 'down' } } });
    }
  });
};
