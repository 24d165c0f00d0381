import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorText } from '@haat/shared/errors/catalogue';
import { envelope } from '@haat/shared/schemas/reply';
import {
  exportQuerySchema,
  payoutDetailReplySchema,
  pullReplySchema,
  rateCardReplySchema,
  rateCardSchema,
  resolvedReplySchema,
  resolveSchema,
  settlementOverviewReplySchema,
  statementFieldsSchema,
  statementRefusalSchema,
  statementReplySchema,
  STATEMENT_COLUMNS,
  STATEMENT_MAX_BYTES,
} from '@haat/shared/schemas/settlements';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { steadfastFromConfig, type SteadfastClient } from '../../integrations/steadfast';
import { actorOf } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { form, readForm } from '../../lib/multipart';
import { doc, media } from '../../lib/openapi';
import { ok } from '../../lib/reply';
import { readBusiness } from '../shop/index';
import { accountingCsv } from './export';
import { cashWithCouriers, payoutDetail, pullNow, pullSteadfastPayouts, resolveException, saveRates, settlementOverview, settlementsPullJob } from './service';
import { importStatement } from './statements';

const dryRunQuery = z.object({ dryRun: z.string().optional().transform((v) => v === '1' || v === 'true') });
const statementForm = z
  .object({ file: form.files, format: form.text, provider: form.text, reference: form.text, paidOn: form.text, ...Object.fromEntries(STATEMENT_COLUMNS.map((c) => [`column_${c}`, form.optional])) })
  .transform((v) => {
    if (v.file.length !== 1) throw appError('SETTLEMENT_FILE_REQUIRED');
    const named = STATEMENT_COLUMNS.filter((c) => (v as Record<string, unknown>)[`column_${c}`]);
    const columns = named.length ? Object.fromEntries(STATEMENT_COLUMNS.map((c) => [c, (v as Record<string, unknown>)[`column_${c}`] ?? ''])) : undefined;
    return { file: v.file[0]!, fields: statementFieldsSchema.parse({ format: v.format, provider: v.provider, reference: v.reference, paidOn: v.paidOn, columns }) };
  });

/** Courier settlements (issue 44, decision 0112): the owner's page, statements, resolutions, the rate card, the export. */
export const settlementRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const manage = { preHandler: deps.guards.requirePermission('settlements.manage') };
  const steadfast = steadfastFromConfig(deps.config);
  schedulePull(deps, db, steadfast, base.log);
  const noStore = { 'cache-control': 'no-store' };

  app.get('/settlements', { ...manage, schema: doc('settlements', 'Money owed by each courier with its ageing, the exceptions first, the payouts and the rate card', { auth: 'admin', reply: settlementOverviewReplySchema }) }, async (_req, reply) =>
    reply.headers(noStore).send(ok(await settlementOverview(db, new Date()))),
  );
  app.get('/settlements/payouts/:id', { ...manage, schema: { ...doc('settlements', 'One payout with each parcel’s outcome', { auth: 'admin', reply: payoutDetailReplySchema, errors: [404] }), params: z.object({ id: z.string().max(64) }) } }, async (req, reply) =>
    reply.headers(noStore).send(ok(await payoutDetail(db, req.params.id, new Date()))),
  );
  app.post('/settlements/resolve', { ...manage, schema: { ...doc('settlements', 'Mark one exception resolved with a note', { auth: 'admin', reply: resolvedReplySchema, errors: [404, 409] }), body: resolveSchema } }, async (req) =>
    ok(await resolveException(db, req.body, actorOf(req), new Date()), 'Exception resolved.'),
  );
  app.put('/settlements/rates', { ...manage, schema: { ...doc('settlements', 'The rate card: each courier’s charges per zone', { auth: 'admin', reply: rateCardReplySchema }), body: rateCardSchema } }, async (req) =>
    ok(await saveRates(db, req.body, actorOf(req)), 'Rate card saved.'),
  );
  app.post('/settlements/pull', { ...manage, schema: doc('settlements', 'Read Steadfast’s payouts now', { auth: 'admin', reply: pullReplySchema, errors: [409, 502] }) }, async () =>
    ok(await pullNow(db, steadfast, base.log), 'Steadfast payouts read.'),
  );
  app.post(
    '/settlements/statement',
    { ...manage, schema: { ...doc('settlements', 'Upload a courier’s payout statement (CSV or XLSX): Pathao’s export, or any file with its columns named', { auth: 'admin', description: `multipart/form-data: file (at most ${STATEMENT_MAX_BYTES / 1024 / 1024} MB), format (pathao | generic), provider, reference, paidOn (YYYY-MM-DD), and for generic column_consignment, column_collected, column_deliveryCharge, column_codFee, column_paid. dryRun=1 checks and names the rows it cannot match without writing.`, reply: statementReplySchema, errors: [409, 413, 415], more: { 400: statementRefusalSchema } }), querystring: dryRunQuery } },
    async (req, reply) => {
      const { file, fields } = await readForm(req, statementForm, { maxFileBytes: STATEMENT_MAX_BYTES, maxFiles: 1 });
      const report = await importStatement(db, fields, file.data, req.query.dryRun, actorOf(req));
      if (report.errors.length && !req.query.dryRun) {
        const params = { n: report.errors.length };
        return reply.code(400).send({ success: false, error: true, code: 'SETTLEMENT_ROWS_INVALID', params, message: errorText('SETTLEMENT_ROWS_INVALID', params), data: report });
      }
      return ok(report, report.applied ? 'Payout statement recorded.' : 'Statement checked: nothing recorded yet.');
    },
  );
  app.get('/settlements/export.csv', { ...manage, schema: { ...doc('settlements', 'The accounting export: a row per day or month, a TOTAL row, with the Mushak VAT totals', { auth: 'admin', reply: media('accounts.csv', 'text/csv') }), querystring: exportQuerySchema } }, async (req, reply) => {
    const { vatRate } = await readBusiness(db);
    const csv = await accountingCsv(db, req.query, Math.round(vatRate * 10));
    return reply
      .headers({ ...noStore, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="haat-accounts-${req.query.period}-${req.query.from}-${req.query.to}.csv"` })
      .send(csv);
  });
  app.get('/settlements/cash', { preHandler: deps.guards.requirePermission('dashboard.view'), schema: doc('settlements', 'Cash with couriers: the dashboard’s figure', { auth: 'admin', reply: envelope(z.object({ cashWithCouriersPaisa: z.number() })) }) }, async (_req, reply) =>
    reply.headers(noStore).send(ok({ cashWithCouriersPaisa: await cashWithCouriers(db, new Date()) })),
  );
};

/** Steadfast's payouts read every SETTLEMENTS_PULL_MINUTES, once across the shop's processes (decisions 0085, 0106). */
function schedulePull(deps: AppDeps, db: Db, steadfast: SteadfastClient | null, log: FastifyBaseLogger): void {
  const minutes = deps.config.SETTLEMENTS_PULL_MINUTES;
  if (!steadfast || minutes === 0) return;
  deps.jobs.every(settlementsPullJob, minutes * 60_000, async () => void (await pullSteadfastPayouts(db, steadfast, log)));
}
