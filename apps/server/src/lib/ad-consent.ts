import type { FastifyRequest } from 'fastify';
import { adConsentOf, cookieValue } from '@haat/shared/ad-consent';
import type { AdContext } from '../db/schema';

const MAX = 500;
const bounded = (v: string | undefined) => (v ? v.slice(0, MAX) : undefined);

/**
 * What an order keeps for the ad platforms (decision 0119): only when the shopper said yes on the consent bar (its
 * cookie came with the order's request), else null and nothing of it is kept or ever sent.
 */
export function adContextOf(req: FastifyRequest): AdContext | null {
  const cookies = req.headers.cookie;
  if (adConsentOf(cookies) !== 'yes') return null;
  // gtag's _ga cookie is GA1.1.<random>.<time>: the client id is its last two parts.
  const ga = cookieValue(cookies, '_ga')?.split('.').slice(-2).join('.');
  const referer = req.headers.referer;
  return {
    ip: req.ip,
    userAgent: bounded(req.headers['user-agent']) ?? '',
    ...(cookieValue(cookies, '_fbp') ? { fbp: bounded(cookieValue(cookies, '_fbp')) } : {}),
    ...(cookieValue(cookies, '_fbc') ? { fbc: bounded(cookieValue(cookies, '_fbc')) } : {}),
    ...(ga && /^\d+\.\d+$/.test(ga) ? { gaClientId: ga } : {}),
    ...(referer ? { url: bounded(referer) } : {}),
  };
}
