import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The shop's public address for links it sends or prints (canonical URLs, the
 * sitemap, a staff invitation's text): PUBLIC_URL, else the address this
 * request came to (the demo; behind a proxy TRUST_PROXY makes it the shopper's).
 */
export function publicBase(config: Config, req: FastifyRequest): string {
  return config.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
}
