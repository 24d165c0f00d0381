import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { Config } from './config';
import { isDatabaseUnavailable, type Database } from './db/client';
import type { AppDeps } from './deps';
import { englishErrorText, errorText, type ErrorArgs, type ErrorCode } from '@haat/shared/errors/catalogue';
import { AppError } from './lib/errors';
import { registerApiDocs } from './lib/openapi';
import { loggerOptions } from './lib/log';
import { MAX_FIELD_BYTES } from './lib/multipart';
import { noStoreByDefault } from './lib/httpCache';
import { refuseNulBytes } from './lib/nul';
import { refuseDevelopmentBuild } from './lib/web-build';
import { recordRoutes } from './lib/route-table';
import { securityHeaders } from './lib/security-headers';
import { servePictures } from './lib/storage';
import { sandboxPlugin } from './integrations/bkash/sandbox';
import { sslcommerzSandboxPlugin } from './integrations/sslcommerz/sandbox';
import { apiModules } from './modules/index';
import { seoRoutes, spaPages, storefrontRenderer } from './modules/seo/index';
import { wireModules } from './wiring';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built SPA; served when it exists. */
  webDist?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/**
 * The most a JSON (or text) body may hold: the largest legitimate one, a bulk
 * courier booking of 500 order ids, is about 35 KB. Multipart forms have their
 * own limits (the multipart plugin below, lib/multipart.ts). Issue 18.
 */
export const JSON_BODY_LIMIT = 64 * 1024;
/** A refused body up to this size is read and dropped rather than cut off with the connection (see the error handler). */
const DRAINED_BODY_LIMIT = 1024 * 1024;

export const BODY_TOO_LARGE = errorText('BODY_TOO_LARGE', { kb: JSON_BODY_LIMIT / 1024 });

/** The error envelope: the spec's { success, error, message, data } with the catalogue's code and its parameters (decision 0052). */
/** A zod schema's refusal: its own (spec) text, and the field it is about. */
function validationBody(message: string, field: string) {
  return { success: false, error: true, code: 'VALIDATION' as const, params: { message, field }, message, data: null };
}

export function errorBody<C extends ErrorCode>(code: C, ...[params]: ErrorArgs<C>) {
  const p = (params ?? {}) as Record<string, string | number>;
  return { success: false, error: true, code, params: p, message: englishErrorText(code, p), data: null };
}

/** Builds the app without listening: used by main and by tests through inject. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    // Redacts secrets and logs errors without their SQL parameters (lib/log.ts).
    logger: loggerOptions(opts.logger ?? false),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: JSON_BODY_LIMIT,
    // Graceful shutdown: close() stops accepting and lets requests in flight finish.
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);

  // What every module is given: the ports between modules, the job queue, the events they react to (wiring.ts).
  const deps = wireModules(app, config, database);
  recordRoutes(app, deps.guards);
  app.setErrorHandler(answerError);

  // Headers on every answer (pages, API, uploads, 404s): registered first, at the root.
  await app.register(helmet, securityHeaders(config.isProduction, config.s3?.publicUrl && new URL(config.s3.publicUrl).origin, deps.adOrigins));
  await app.register(compress, { global: true, threshold: 1024 });
  // Text fields are short (names, ids, more_details JSON): 64 KB each, so a form cannot buffer megabytes of text.
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 10, fields: 50, fieldSize: MAX_FIELD_BYTES, parts: 80 } });

  // Before the routes: the OpenAPI description collects them as they are added.
  await registerApiDocs(app);
  await app.register(api(deps), { prefix: '/api' });

  // The demo's stand-in for bKash (config.ts never lets it start in production).
  if (config.bkash?.mode === 'sandbox') await app.register(sandboxPlugin());
  if (config.sslcommerz?.mode === 'sandbox') await app.register(sslcommerzSandboxPlugin());

  // Uploaded and seeded images: content-addressed names, so they never change (from the folder or the bucket).
  await servePictures(app, config, deps.pictures);

  // robots.txt, the sitemaps and the Meta feed (docs/decisions/0039).
  await app.register(seoRoutes(deps));

  await serveWeb(app, deps, opts.webDist ?? DEFAULT_WEB_DIST);
  return app;
}

/** Every module's routes under /api. */
function api(deps: AppDeps): FastifyPluginAsync {
  return async (scope) => {
    // A NUL character or a lone surrogate in any text answers 400 before it reaches a query (multipart: lib/multipart.ts).
    scope.addHook('preValidation', refuseNulBytes);
    // Personal answers are never cached; public reads set their own Cache-Control first.
    scope.addHook('onSend', noStoreByDefault);
    for (const mod of apiModules(deps)) await scope.register(mod);
    scope.setNotFoundHandler((_req, reply) => reply.code(404).send(errorBody('NO_SUCH_ROUTE')));
  };
}

/** The error envelope of whatever a route or hook threw (decision 0052). */
function answerError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const input = inputRefusal(err);
  if (input) return reply.code(400).send(input);
  if (err instanceof AppError) {
    if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
    return reply.code(err.statusCode).send({ success: false, error: true, code: err.code, params: err.params, message: err.message, data: null });
  }
  if (isDatabaseUnavailable(err)) {
    // PostgreSQL restarting or unreachable: the pool reconnects on its own, so ask the client to retry.
    req.log.warn('database unavailable; answered 503');
    return reply.code(503).header('retry-after', '5').send(errorBody('DATABASE_UNAVAILABLE'));
  }
  return httpRefusal(err, req, reply);
}

/** A zod schema's refusal of the input (the route's schema, or a parse in the handler): 400 with its first message. */
function inputRefusal(err: FastifyError) {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    return first?.message ? validationBody(first.message, first.instancePath.replace(/^\//, '').replaceAll('/', '.')) : errorBody('INVALID_INPUT');
  }
  if (err instanceof ZodError) {
    const first = err.issues[0];
    return first?.message ? validationBody(first.message, first.path.join('.')) : errorBody('INVALID_INPUT');
  }
  return null;
}

/** Fastify's and its plugins' own 4xx (a body or an upload too large, the rest with its text as sent); anything else is a 500. */
function httpRefusal(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode ?? 500;
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    // Fastify closes the connection on a body it refused unread; while the client is still writing it, that close
    // resets the socket and the 413 is lost with it. A body of stated length up to 1 MiB is read to its end and
    // dropped instead (Node does so for an unread body on a kept-alive connection), so the client reads why.
    if (Number(req.headers['content-length']) <= DRAINED_BODY_LIMIT) reply.removeHeader('connection');
    return reply.code(413).send(errorBody('BODY_TOO_LARGE', { kb: JSON_BODY_LIMIT / 1024 }));
  }
  if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
    return reply.code(413).send(errorBody('UPLOAD_TOO_LARGE'));
  }
  // Fastify's and its plugins' own 4xx texts: a code that carries the text as sent.
  if (status === 429) return reply.code(429).send(err.message ? errorBody('HTTP_ERROR', { message: err.message }) : errorBody('TOO_MANY_REQUESTS'));
  if (status >= 400 && status < 500) {
    return reply.code(status).send(err.message ? errorBody('HTTP_ERROR', { message: err.message }) : errorBody('BAD_REQUEST'));
  }
  req.log.error({ err }, 'unhandled error');
  return reply.code(500).send(errorBody('INTERNAL'));
}

/** The built SPA, when there is one: its files, and every client route as its page (server-rendered for the storefront). */
async function serveWeb(app: FastifyInstance, deps: AppDeps, webDist: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb && deps.config.isProduction) refuseDevelopmentBuild(webDist);
  // index.html is read once: every page is it with its own head tags put in.
  // The storefront's server rendering (issue 25) is built beside it, in dist-server/.
  const render = hasWeb ? await storefrontRenderer(app, path.join(webDist, '..', 'dist-server'), webDist) : null;
  const sendPage = hasWeb ? await spaPages(deps, app, readFileSync(path.join(webDist, 'index.html'), 'utf8'), render) : null;
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, prefix: '/', index: false, wildcard: false, cacheControl: false, setHeaders: setCacheControl });

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/uploads/') && !url.startsWith('/assets/') && !path.extname(url);
    if (isPage && sendPage) {
      // Every client route gets the SPA (the router shows Oops! for unknown ones), with the page's own head.
      return sendPage(req, reply);
    }
    return reply.code(404).send(errorBody('NOT_FOUND'));
  });
}

/** The built files' Cache-Control (fastify-static's own is off). */
function setCacheControl(res: { setHeader(name: string, value: string): unknown }, filePath: string): void {
  const name = path.basename(filePath);
  // Vite puts content-hashed files under assets/: cache them forever.
  if (filePath.includes(`${path.sep}assets${path.sep}`)) {
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  } else if (name === 'sw.js' || /^workbox-[\w-]+\.js$/.test(name) || name === 'index.html') {
    // The service worker and the shell it precaches: always revalidated, so a deploy reaches shoppers on their next visit (docs/decisions/0040).
    res.setHeader('cache-control', 'no-cache');
  } else {
    res.setHeader('cache-control', 'public, max-age=300');
  }
}
