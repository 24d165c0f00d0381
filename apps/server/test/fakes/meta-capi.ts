import Fastify from 'fastify';

/**
 * A faithful local fake of Meta's Conversions API (Graph API `POST /{version}/{pixel_id}/events?access_token=…`,
 * body `{ data: [server events] }`): a real HTTP server on a free port. It checks the access token and the
 * documented fields of each event, answers `{ events_received, messages, fbtrace_id }` as Meta does, or Meta's
 * error object with 400 for a wrong token or a missing field; `failNext` answers 500 (Meta down). `GET /__fake/events`
 * lists the events received (for the end-to-end specs).
 */
export interface MetaReceived {
  version: string;
  pixelId: string;
  accessToken: string;
  data: Record<string, unknown>[];
}

const REQUIRED = ['event_name', 'event_time', 'action_source', 'user_data'] as const;

export async function startFakeMetaCapi(opts: { accessToken?: string; port?: number } = {}) {
  const accessToken = opts.accessToken ?? 'EAAB-test-token';
  const received: MetaReceived[] = [];
  let failures = 0;
  const app = Fastify();
  app.post<{ Params: { version: string; pixel: string }; Querystring: { access_token?: string }; Body: { data?: Record<string, unknown>[] } }>('/:version/:pixel/events', async (req, reply) => {
    if (failures > 0) {
      failures--;
      return reply.code(500).send({ error: { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', code: 2, fbtrace_id: 'fake' } });
    }
    if (req.query.access_token !== accessToken) return reply.code(400).send({ error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190, fbtrace_id: 'fake' } });
    const data = req.body?.data;
    const bad = !Array.isArray(data) || data.some((e) => REQUIRED.some((f) => !(f in e)));
    if (bad) return reply.code(400).send({ error: { message: 'Invalid parameter', type: 'OAuthException', code: 100, fbtrace_id: 'fake' } });
    received.push({ version: req.params.version, pixelId: req.params.pixel, accessToken: req.query.access_token, data });
    return { events_received: data.length, messages: [], fbtrace_id: 'fake' };
  });
  // Not Meta's: what it received, for the end-to-end specs (which run it beside the shop, e2e/global-setup.ts).
  app.get('/__fake/events', async () => received.flatMap((r) => r.data));
  await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accessToken,
    received,
    failNext: (n = 1) => void (failures = n),
    close: () => app.close(),
  };
}
export type FakeMetaCapi = Awaited<ReturnType<typeof startFakeMetaCapi>>;
