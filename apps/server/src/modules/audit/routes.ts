import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_PAGE_SIZE, auditPageReplySchema, auditQuerySchema } from '@haat/shared/schemas/audit';
import type { AppDeps } from '../../deps';
import { doc } from '../../lib/openapi';
import { okList } from '../../lib/reply';
import { auditPage, pruneAuditLog } from './service';

/** How often entries past the retention are pruned while the server listens (they age by days, so daily is enough). */
const PRUNE_EVERY_MS = 24 * 60 * 60_000;

/** The audit log (issue 28, decision 0065): read by the Owner (audit.view); nothing edits or deletes it. */
export const auditRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  // Retention, as the login-failure sweep: once on listening, then daily.
  let prune: NodeJS.Timeout | undefined;
  app.addHook('onListen', () => {
    const run = () =>
      void pruneAuditLog(db)
        .then((n) => n && app.log.info({ pruned: n }, 'audit entries past retention pruned'))
        .catch((err: unknown) => app.log.warn({ err }, 'audit prune failed; trying again later'));
    run();
    prune = setInterval(run, PRUNE_EVERY_MS).unref();
  });
  app.addHook('onClose', () => clearInterval(prune));

  app.get(
    '/audit',
    {
      preHandler: deps.guards.requirePermission('audit.view'),
      schema: {
        ...doc('audit', 'Who changed what, when and from where: newest first, by person (actor id), kind and Dhaka dates (from, to: YYYY-MM-DD, both included)', { auth: 'admin', reply: auditPageReplySchema }),
        querystring: auditQuerySchema,
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { entries, total, people } = await auditPage(db, req.query);
      return { ...okList(entries, total, AUDIT_PAGE_SIZE), people };
    },
  );
};
