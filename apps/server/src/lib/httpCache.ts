import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

/** A public read's JSON and its weak ETag, computed once (and kept by the catalogue cache). */
export interface PreparedBody {
  json: string;
  etag: string;
}

export function prepareBody(body: unknown): PreparedBody {
  const json = JSON.stringify(body);
  return { json, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"` };
}

/**
 * Sends a public read with a weak ETag over its JSON and a short public
 * max-age. A repeat request with a matching If-None-Match gets 304 and no body,
 * so a returning visitor downloads only what changed.
 */
export function sendPrepared(req: FastifyRequest, reply: FastifyReply, body: PreparedBody, maxAgeSeconds = 30) {
  reply.header('etag', body.etag).header('cache-control', `public, max-age=${maxAgeSeconds}`);
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === body.etag || tag.trim() === '*')) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(body.json);
}

/**
 * onSend for every API answer: one that names no Cache-Control of its own is `no-store`. Answers for a signed-in
 * caller (account, cart, orders, addresses, the admin's lists, staff) must never sit in a browser's or a proxy's
 * cache (issue 41); the public reads that may be shared (catalogue, shop info) set theirs and keep it.
 */
export const noStoreByDefault: onSendHookHandler = async (_req, reply, payload) => {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  return payload;
};
