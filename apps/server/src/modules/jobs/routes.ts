import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failedJobsReplySchema, jobRetriedReplySchema } from '@haat/shared/schemas/jobs';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { record } from '../audit/index';
import { doc } from '../../lib/openapi';
import { ok } from '../../lib/reply';

const idParams = z.object({ id: z.string().max(64) });

/** The durable jobs that failed for good (decisions 0073, 0085): the owner reads them and queues one again. */
export const jobsRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const manage = deps.guards.requirePermission('settings.manage');

  app.get('/jobs/failed', { preHandler: manage, schema: doc('jobs', 'Background jobs (mail, SMS, sweeps, the courier poll) that failed after their last attempt, newest first', { auth: 'admin', reply: failedJobsReplySchema }) }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await deps.jobs.failed());
  });

  app.post('/jobs/:id/retry', { preHandler: manage, schema: { ...doc('jobs', 'Queue a failed job again, with fresh attempts', { auth: 'admin', reply: jobRetriedReplySchema, errors: [404] }), params: idParams } }, async (req) => {
    const kind = await deps.jobs.retry(req.params.id);
    if (!kind) throw appError('JOB_NOT_FAILED');
    // On the audit log (issue 41): a retried job sends a mail or SMS, books a parcel or refunds again. pg-boss's
    // retry runs on its own connection, so the entry follows it rather than sharing its transaction.
    await record(deps.database.db, actorOf(req), { kind: 'job', action: 'retry', targetId: req.params.id, label: kind, before: { state: 'failed' }, after: { state: 'queued' } });
    return ok({ id: req.params.id }, 'Job queued again.');
  });
};
