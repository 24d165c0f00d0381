import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { SslcommerzClient } from './client';
import { mountSslcommerzProtocol, SslcommerzLedger, type StoreCredentials } from './protocol';

/**
 * The demo's own SSLCommerz sandbox (never in production: config.ts refuses it): the shop serves
 * SSLCommerz's protocol under SANDBOX_PREFIX and a clearly labelled Pay / Fail / Cancel page, and its
 * client talks to it over HTTP like to SSLCommerz.
 */
export const SANDBOX_PREFIX = '/sslcommerz-sandbox';
const SANDBOX_STORE: StoreCredentials = { storeId: 'haat-sandbox', storePasswd: 'haat-sandbox@ssl' };

/** Form bodies as SSLCommerz posts them: fields of a urlencoded form. */
export function parseForm(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
}

function listeningOrigin(app: FastifyInstance): string {
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('the SSLCommerz sandbox needs the server to be listening');
  const host = addr.address === '0.0.0.0' ? '127.0.0.1' : addr.address === '::' ? '[::1]' : addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return `http://${host}:${addr.port}`;
}

/** The sandbox's page is on the origin the shopper returns to (the shop's), its API on the listening address. */
export function sslcommerzSandboxPlugin(): FastifyPluginAsync {
  const ledger = new SslcommerzLedger(SANDBOX_STORE);
  return async (app) => {
    parseForm(app);
    mountSslcommerzProtocol(app, ledger, SANDBOX_PREFIX, (successUrl) => new URL(successUrl).origin);
  };
}

export function sslcommerzSandboxClient(app: FastifyInstance, timeoutMs: number): SslcommerzClient {
  return new SslcommerzClient({ ...SANDBOX_STORE, timeoutMs, baseUrl: () => `${listeningOrigin(app)}${SANDBOX_PREFIX}` });
}
