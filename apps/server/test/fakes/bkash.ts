import Fastify from 'fastify';
import { BkashClient } from '../../src/integrations/bkash/client';
import { BkashLedger, mountBkashProtocol } from '../../src/integrations/bkash/protocol';

/**
 * A faithful fake of bKash's tokenized checkout for the tests: its own Fastify
 * server on a free port, in-memory state (the protocol the demo sandbox serves
 * too), a clock the test moves, and faults to switch on (maintenance, a slow
 * execute). The shop's client reaches it over real HTTP only.
 */
export const FAKE_CREDS = { appKey: 'fake-app-key', appSecret: 'fake-app-secret', username: 'fake-user', password: 'fake-pass' };

export async function startFakeBkash() {
  let offsetMs = 0;
  const ledger = new BkashLedger(FAKE_CREDS, () => Date.now() + offsetMs);
  const app = Fastify();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
  let origin = '';
  mountBkashProtocol(app, ledger, '/v1.2.0-beta', () => origin);
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `${origin}/v1.2.0-beta`;

  /** The customer on bKash's page presses a button: a real HTTP POST, answered with the redirect to the shop's callback. */
  const press = async (paymentID: string, action: 'approve' | 'cancel' | 'fail') => {
    const res = await fetch(`${baseUrl}/pay/${encodeURIComponent(paymentID)}/${action}`, { method: 'POST', redirect: 'manual' });
    if (res.status !== 303) throw new Error(`fake bKash: ${action} answered ${res.status}`);
    return new URL(res.headers.get('location')!);
  };

  return {
    ledger,
    baseUrl,
    /** The env a shop needs to use this fake. */
    env: (extra: Record<string, string> = {}) => ({
      BKASH_BASE_URL: baseUrl,
      BKASH_APP_KEY: FAKE_CREDS.appKey,
      BKASH_APP_SECRET: FAKE_CREDS.appSecret,
      BKASH_USERNAME: FAKE_CREDS.username,
      BKASH_PASSWORD: FAKE_CREDS.password,
      PUBLIC_URL: 'http://shop.test',
      ...extra,
    }),
    client: (opts: { appKey?: string; timeoutMs?: number; now?: () => number } = {}) =>
      new BkashClient({ baseUrl, ...FAKE_CREDS, appKey: opts.appKey ?? FAKE_CREDS.appKey, timeoutMs: opts.timeoutMs ?? 2000, now: opts.now }),
    approve: (paymentID: string) => press(paymentID, 'approve'),
    cancel: (paymentID: string) => press(paymentID, 'cancel'),
    fail: (paymentID: string) => press(paymentID, 'fail'),
    /** Moves bKash's clock (token and payment expiry). */
    advance(ms: number) {
      offsetMs += ms;
    },
    reset() {
      offsetMs = 0;
      ledger.faults = { maintenance: false, executeDelayMs: 0, invoicesTaken: false };
    },
    close: () => app.close(),
  };
}
export type FakeBkash = Awaited<ReturnType<typeof startFakeBkash>>;
