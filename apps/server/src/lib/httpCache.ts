import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a public read with a weak ETag over its JSON and a short public
 * max-age. A repeat request with a matching If-None-Match gets 304 and no body,
 * so a returning visitor downloads only what changed.
 */
export function sendCached(req: FastifyRequest, reply: FastifyReply, body: unknown, maxAgeSeconds = 30) {
  const json = JSON.stringify(body);
  const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', `public, max-age=${maxAgeSeconds}`);
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
