import Fastify from 'fastify';

/**
 * A faithful local fake of GA4's Measurement Protocol (`POST /mp/collect?measurement_id=…&api_secret=…`, body
 * `{ client_id, events: [{ name, params }] }`): a real HTTP server on a free port that, like Google's, answers 204
 * with no body whatever it thought of the events. It records only hits with the configured id and secret (Google
 * drops the others silently), so a test sees what GA would have counted.
 */
export interface Ga4Received {
  measurementId: string;
  apiSecret: string;
  body: { client_id?: string; events?: { name: string; params: Record<string, unknown> }[] };
}

export async function startFakeGa4(opts: { measurementId?: string; apiSecret?: string } = {}) {
  const measurementId = opts.measurementId ?? 'G-TEST1234';
  const apiSecret = opts.apiSecret ?? 'ga-secret-test';
  const received: Ga4Received[] = [];
  const app = Fastify();
  app.post<{ Querystring: { measurement_id?: string; api_secret?: string }; Body: Ga4Received['body'] }>('/mp/collect', async (req, reply) => {
    if (req.query.measurement_id === measurementId && req.query.api_secret === apiSecret && req.body?.client_id) received.push({ measurementId, apiSecret, body: req.body });
    return reply.code(204).send();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { baseUrl: `http://127.0.0.1:${port}`, measurementId, apiSecret, received, close: () => app.close() };
}
export type FakeGa4 = Awaited<ReturnType<typeof startFakeGa4>>;
