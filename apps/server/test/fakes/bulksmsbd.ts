import Fastify from 'fastify';

/**
 * A local BulkSMSBD for the tests: `smsapi` (GET query or form POST) with the
 * documented fields (api_key, type, number, senderid, message) and answers
 * ({response_code: 202, message_id, success_message, error_message} or an
 * error code), in-memory balance and messages, and /__fake controls to make
 * the next calls fail with a code, an HTTP status or a hang (timeout).
 */
export interface FakeSms {
  number: string;
  senderid: string;
  message: string;
  message_id: number;
}

type Failure = { code: number } | { http: number } | { hang: true };

export async function startFakeBulkSmsBd(opts: { apiKey?: string; senderId?: string; masked?: boolean; balance?: number } = {}) {
  const apiKey = opts.apiKey ?? 'test-api-key';
  const senderId = opts.senderId ?? '8809617000000';
  const state = { balance: opts.balance ?? 100, nextId: 5000, messages: [] as FakeSms[], failures: [] as Failure[], calls: 0 };
  const app = Fastify({ forceCloseConnections: true });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const error = (code: number, text: string) => ({ response_code: code, message_id: null, success_message: '', error_message: text });
  const smsapi = async (params: Record<string, string | undefined>, reply: import('fastify').FastifyReply) => {
    state.calls += 1;
    const failure = state.failures.shift();
    if (failure && 'hang' in failure) return new Promise(() => {}); // never answers: the client's timeout must fire
    if (failure && 'http' in failure) return reply.code(failure.http).send({ message: 'upstream error' });
    if (failure && 'code' in failure) return error(failure.code, `injected ${failure.code}`);
    const { api_key, type, number, senderid, message } = params;
    if (!api_key || !number || !senderid || !message) return error(1003, 'Please Required all fields');
    if (api_key !== apiKey) return error(1011, 'User Id not found');
    if (senderid !== senderId) return error(1002, 'Sender Id/Masking Not Found');
    if (type && type !== 'text' && type !== 'unicode') return error(1003, 'Please Required all fields');
    const numbers = number.split(',');
    if (!numbers.every((n) => /^8801[3-9]\d{8}$/.test(n))) return error(1001, 'Invalid Number');
    // A masked (named) sender may only send Bengali text.
    if (opts.masked && !/[\u0980-\u09FF]/.test(message)) return error(1012, 'Masking SMS must be sent in Bengali');
    // Unicode: 70 characters a segment, 67 each when split.
    const segments = message.length <= 70 ? 1 : Math.ceil(message.length / 67);
    if (state.balance < segments * numbers.length) return error(1007, 'Balance Insufficient');
    state.balance -= segments * numbers.length;
    const id = state.nextId++;
    for (const n of numbers) state.messages.push({ number: n, senderid, message, message_id: id });
    return { response_code: 202, message_id: id, success_message: 'SMS Submitted Successfully', error_message: '' };
  };
  app.get('/api/smsapi', (req, reply) => smsapi(req.query as Record<string, string>, reply));
  app.post('/api/smsapi', (req, reply) => smsapi((req.body ?? {}) as Record<string, string>, reply));
  app.get('/api/getBalanceApi', async (req) => {
    const { api_key } = req.query as { api_key?: string };
    return api_key === apiKey ? { response_code: 202, balance: state.balance } : error(1011, 'User Id not found');
  });
  app.post('/__fake/fail', async (req) => {
    state.failures.push(...(req.body as { failures: Failure[] }).failures);
    return { queued: state.failures.length };
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    apiKey,
    senderId,
    state,
    /** The next calls fail in order: an error code, an HTTP status, or no answer at all. */
    failNext: (...failures: Failure[]) => state.failures.push(...failures),
    close: () => app.close(),
  };
}
export type FakeBulkSmsBd = Awaited<ReturnType<typeof startFakeBulkSmsBd>>;
