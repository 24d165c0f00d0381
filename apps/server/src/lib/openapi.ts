import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: false } });
}

/** The documentation fields of a route's schema: its group, a one-line summary, and whether it needs a token. */
export function doc(tag: string, summary: string, opts: { auth?: 'user' | 'admin' | 'optional'; description?: string } = {}): FastifySchema {
  const bearer: Record<string, string[]> = { bearer: [] };
  const security = opts.auth === 'optional' ? [{}, bearer] : opts.auth ? [bearer] : undefined;
  const description = [opts.description, opts.auth === 'admin' ? 'ADMIN only.' : undefined].filter(Boolean).join(' ') || undefined;
  return { tags: [tag], summary, ...(security && { security }), ...(description && { description }) };
}
