import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app';

export const healthRoutes = (deps: AppDeps): FastifyPluginAsync => async (app) => {
  app.get('/health', async (_req, reply) => {
    const started = performance.now();
    try {
      await deps.database.ping();
      return { success: true, error: false, message: 'ok', data: { database: { kind: deps.database.kind, state: 'up', latencyMs: Math.round(performance.now() - started) } } };
    } catch (err) {
      _req.log.error({ err }, 'health check: database down');
      return reply.code(503).send({ success: false, error: true, message: 'Database unavailable', data: { database: { kind: deps.database.kind, state: 'down' } } });
    }
  });
};
