import Fastify from 'fastify';
import { SslcommerzClient } from '../../src/integrations/sslcommerz/client';
import { mountSslcommerzProtocol, SslcommerzLedger, type IpnFields } from '../../src/integrations/sslcommerz/protocol';
import { parseForm } from '../../src/integrations/sslcommerz/sandbox';

/**
 * A faithful fake of SSLCommerz's hosted checkout for the tests: its own Fastify server on a free port on
 * 127.0.0.1, in-memory state (the protocol the demo sandbox serves too), SSLCommerz's field names, and faults
 * to switch on (a risky payment, a different amount moved, a slow validation, the API down). The shop's
 * client reaches it over real HTTP only; the shopper's return and the IPN are handed to the test to post.
 */
export const FAKE_STORE = { storeId: 'haattest0001', storePasswd: 'haattest0001@ssl' };

export async function startFakeSslcommerz() {
  const ledger = new SslcommerzLedger(FAKE_STORE);
  const app = Fastify();
  parseForm(app);
  let origin = '';
  mountSslcommerzProtocol(app, ledger, '', () => origin);
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const ipns: { url: string; fields: IpnFields }[] = [];
  ledger.deliverIpn = async (url, fields) => {
    ipns.push({ url, fields });
  };

  /** The shopper presses a button on the gateway page: a real HTTP POST; answers the form SSLCommerz posts back. */
  const press = async (gatewayUrl: string, action: 'pay' | 'fail' | 'cancel') => {
    const key = new URL(gatewayUrl).searchParams.get('SESSIONKEY')!;
    const res = await fetch(`${origin}/gwprocess/v4/gw.php/${encodeURIComponent(key)}/${action}`, { method: 'POST' });
    if (res.status !== 200) throw new Error(`fake SSLCommerz: ${action} answered ${res.status}`);
    const html = await res.text();
    const to = /action="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
    const fields = Object.fromEntries([...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replaceAll('&amp;', '&')]));
    return { to: new URL(to), fields };
  };

  return {
    ledger,
    baseUrl: origin,
    ipns,
    env: (extra: Record<string, string> = {}) => ({
      SSLCOMMERZ_BASE_URL: origin,
      SSLCOMMERZ_STORE_ID: FAKE_STORE.storeId,
      SSLCOMMERZ_STORE_PASSWD: FAKE_STORE.storePasswd,
      PUBLIC_URL: 'http://shop.test',
      ...extra,
    }),
    client: (opts: { storePasswd?: string; timeoutMs?: number } = {}) => new SslcommerzClient({ baseUrl: origin, storeId: FAKE_STORE.storeId, storePasswd: opts.storePasswd ?? FAKE_STORE.storePasswd, timeoutMs: opts.timeoutMs ?? 2000 }),
    pay: (url: string) => press(url, 'pay'),
    fail: (url: string) => press(url, 'fail'),
    cancel: (url: string) => press(url, 'cancel'),
    reset() {
      ledger.reset();
      ipns.length = 0;
    },
    close: () => app.close(),
  };
}
export type FakeSslcommerz = Awaited<ReturnType<typeof startFakeSslcommerz>>;
