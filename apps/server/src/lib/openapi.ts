import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';
import type { z } from 'zod';
import { errorEnvelopeSchema } from '@haat/shared/schemas/reply';

export const API_DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI description, generated from the routes' zod schemas, at
 * /api/docs (Swagger UI) and /api/docs/json. Registered before the routes,
 * since @fastify/swagger collects them as they are added. The UI page loads
 * its scripts and styles from /api/docs/static (no inline script), so a
 * `script-src 'self'` CSP fits it; see docs/decisions/0018-openapi.md.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Haat API',
        version: '1.0.0',
        description:
          'Every answer is the envelope { success, error, message, data }. Signed-in calls send `Authorization: Bearer <access_token>`; admin calls need an ADMIN user. Catalogue writes and the avatar take multipart/form-data.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: transformRoute,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: false } });
}

/** An answer that is not JSON (a CSV, XML or HTML page, a redirect): its OpenAPI response object, passed through as is. */
export interface RawResponse {
  description: string;
  content?: Record<string, { schema: Record<string, unknown> }>;
  type?: 'null';
  headers?: Record<string, Record<string, unknown>>;
}

/** A non-JSON body of the given media types (CSV, XML, HTML). */
export function media(description: string, ...types: string[]): RawResponse {
  return { description, content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string' } }])) };
}

/** A redirect (no body); `location` says where to. */
export function redirect(description: string): RawResponse {
  return { description, type: 'null', headers: { location: { type: 'string', description: 'Where the client goes next.' } } };
}

/** Error statuses a route may answer, each with the error envelope. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

/** What each error status means here, for the documentation. */
const ERROR_MEANING: Record<number, string> = {
  400: 'The input is invalid (the message says which field and why).',
  401: 'Not signed in, or the token has expired.',
  403: 'Signed in, but not allowed (ADMIN only).',
  404: 'Not found.',
  409: 'Conflicts with the current state (out of stock, already done, taken).',
  413: 'The request is too large.',
  415: 'The upload is not of a type accepted here.',
  429: 'Too many requests; wait and try again.',
  500: 'Something went wrong on the server.',
  502: 'A provider (bKash, courier) failed or could not be reached.',
  503: 'The database is unavailable; retry after the retry-after header.',
};

export interface DocOptions {
  auth?: 'user' | 'admin' | 'optional';
  description?: string;
  /** The success answer: a zod schema of the JSON reply, or a RawResponse for other media. */
  reply?: z.ZodType | RawResponse;
  /** Status of the success answer (200 unless said). */
  status?: 200 | 201 | 202 | 302 | 303;
  /** Error statuses besides those every route may send (400, 500, 503) and those its auth implies (401; 403 for admin). */
  errors?: ErrorStatus[];
  /** Other answers with their own shape (e.g. a 400 with a report in data). */
  more?: Record<number, z.ZodType | RawResponse>;
}

/** The response map of a route: the success answer and every error status it can send, each with the error envelope. */
export function responses(opts: DocOptions): Record<number, z.ZodType | RawResponse> | undefined {
  if (!opts.reply) return undefined;
  const errors = new Set<number>([400, 500, 503, ...(opts.errors ?? [])]);
  if (opts.auth === 'user' || opts.auth === 'admin' || opts.auth === 'optional') errors.add(401);
  if (opts.auth === 'admin') errors.add(403);
  const out: Record<number, z.ZodType | RawResponse> = { [opts.status ?? 200]: opts.reply };
  for (const status of [...errors].sort()) out[status] = errorEnvelopeSchema.meta({ description: ERROR_MEANING[status] ?? 'An error.' });
  return { ...out, ...opts.more };
}

/**
 * jsonSchemaTransform of fastify-type-provider-zod, letting non-zod response
 * declarations (media(), redirect()) through to @fastify/swagger unchanged.
 */
function transformRoute(input: Parameters<typeof jsonSchemaTransform>[0]): ReturnType<typeof jsonSchemaTransform> {
  const response = (input.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!response) return jsonSchemaTransform(input);
  const zod = Object.fromEntries(Object.entries(response).filter(([, v]) => v instanceof $ZodType));
  const raw = Object.fromEntries(Object.entries(response).filter(([, v]) => !(v instanceof $ZodType)));
  const out = jsonSchemaTransform({ ...input, schema: { ...input.schema, response: zod } });
  const schema = out.schema as { response?: Record<string, unknown> };
  schema.response = { ...schema.response, ...raw };
  return out;
}

/**
 * The documentation fields of a route's schema: its group, a one-line summary,
 * whether it needs a token, and (with `reply`) its declared responses.
 */
export function doc(tag: string, summary: string, opts: DocOptions = {}): FastifySchema {
  const bearer: Record<string, string[]> = { bearer: [] };
  const security = opts.auth === 'optional' ? [{}, bearer] : opts.auth ? [bearer] : undefined;
  const description = [opts.description, opts.auth === 'admin' ? 'Staff only: the role must hold the route’s permission (@haat/shared/permissions, decision 0064).' : undefined].filter(Boolean).join(' ') || undefined;
  const reply = opts.reply instanceof $ZodType && !(opts.reply as z.ZodType).description ? (opts.reply as z.ZodType).meta({ description: summary }) : opts.reply;
  const response = responses({ ...opts, reply });
  return { tags: [tag], summary, ...(security && { security }), ...(description && { description }), ...(response && { response }) };
}
