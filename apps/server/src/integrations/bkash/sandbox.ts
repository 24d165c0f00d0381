import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { BkashClient } from './client';
import { BkashLedger, mountBkashProtocol, type LedgerCredentials } from './protocol';

/**
 * The demo's own bKash sandbox (never in production: config.ts refuses it):
 * the shop serves bKash's protocol under SANDBOX_PREFIX and a clearly labelled
 * Approve / Cancel page, and its client talks to it over HTTP like to bKash.
 */
export const SANDBOX_PREFIX = '/bkash-sandbox/v1.2.0-beta';
const SANDBOX_CREDENTIALS: LedgerCredentials = { appKey: 'haat-sandbox-app-key', appSecret: 'haat-sandbox-app-secret', username: 'haat-sandbox', password: 'haat-sandbox' };

export function sandboxPlugin(): FastifyPluginAsync {
  const ledger = new BkashLedger(SANDBOX_CREDENTIALS);
  return async (app) => {
    // The page's Approve / Cancel forms post an empty urlencoded body.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
    // The page is served on the shop's origin, which the callback URL names.
    mountBkashProtocol(app, ledger, SANDBOX_PREFIX, (callbackURL) => new URL(callbackURL).origin);
  };
}

/** The shop's client for its own sandbox: the address is the one the server listens on, known after listen. */
export function sandboxClient(app: FastifyInstance, timeoutMs: number): BkashClient {
  return new BkashClient({
    ...SANDBOX_CREDENTIALS,
    timeoutMs,
    baseUrl: () => {
      const addr = app.server.address();
      if (!addr || typeof addr === 'string') throw new Error('the bKash sandbox needs the server to be listening');
      const host = addr.address === '0.0.0.0' ? '127.0.0.1' : addr.address === '::' ? '[::1]' : addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
      return `http://${host}:${addr.port}${SANDBOX_PREFIX}`;
    },
  });
}
