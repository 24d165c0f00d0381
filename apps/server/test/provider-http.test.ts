import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProviderError, providerRequest, type ProviderRequest } from '../src/integrations/http';

/**
 * The one transport against a small local HTTP server: each test says how the
 * next requests are answered, and the server counts what arrived.
 */
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let base = '';
let handlers: Handler[] = [];
let seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

const json = (status: number, value: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};
const text = (status: number, value: string) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'text/html' });
  res.end(value);
};
/** No answer at all: the connection is cut (a reset, as a proxy or a crashed host gives). */
const cut: Handler = (req) => req.socket.destroy();
/** An answer that never comes. */
const hang: Handler = () => {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      (handlers.shift() ?? json(200, { ok: true }))(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  handlers = [];
  seen = [];
});

const okSchema = z.object({ ok: z.boolean() });
const call = (over: Partial<ProviderRequest<z.ZodType>> = {}) =>
  providerRequest({ provider: 'Fake', method: 'GET', url: `${base}/thing`, timeoutMs: 1_000, retry: 'idempotent', schema: okSchema, ...over });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a ProviderError');
    },
    (e: unknown) => {
      expect(e).toBeInstanceOf(ProviderError);
      return e as ProviderError;
    },
  );

describe('providerRequest', () => {
  it('answers the schema-parsed body, sending JSON or a form with the given headers', async () => {
    handlers.push(json(200, { ok: true, extra: 'dropped by the strict schema' }));
    expect(await call({ method: 'POST', body: { a: 1 }, headers: { 'x-key': 'k' } })).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json', accept: 'application/json', 'x-key': 'k' } });

    handlers.push(json(200, { ok: false }));
    expect(await call({ method: 'POST', body: new URLSearchParams({ to: '8801712345678', text: 'হাট' }) })).toEqual({ ok: false });
    expect(seen[1]!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(seen[1]!.body).get('text')).toBe('হাট');
  });

  it('a hanging provider is a timeout, within the deadline, and is not asked again', async () => {
    handlers.push(hang);
    const started = Date.now();
    const err = await failure(call({ timeoutMs: 200 }));
    expect(err).toMatchObject({ provider: 'Fake', kind: 'timeout', status: 0, retryable: true });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(seen).toHaveLength(1);
  });

  it("the caller's own signal ends the call as a timeout", async () => {
    handlers.push(hang);
    const err = await failure(call({ timeoutMs: 5_000, signal: AbortSignal.timeout(100) }));
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('Fake call cancelled');
  });

  it('429 is rate-limited and 5xx is server: both retryable later, neither retried now', async () => {
    handlers.push(json(429, { message: 'Too Many Attempts.' }));
    expect(await failure(call())).toMatchObject({ kind: 'rate-limited', status: 429, retryable: true, body: { message: 'Too Many Attempts.' } });
    handlers.push(text(503, '<h1>Service Unavailable</h1>'));
    expect(await failure(call())).toMatchObject({ kind: 'server', status: 503, retryable: true, body: '<h1>Service Unavailable</h1>' });
    expect(seen).toHaveLength(2);
  });

  it('another 4xx is refused with the provider’s body, and is not retryable', async () => {
    handlers.push(json(422, { message: 'The given data was invalid.', errors: { phone: ['bad'] } }));
    const err = await failure(call({ method: 'POST', body: {} }));
    expect(err).toMatchObject({ kind: 'refused', status: 422, retryable: false, body: { errors: { phone: ['bad'] } } });
  });

  it('a refusal inside a 200 is refused with the provider’s code', async () => {
    handlers.push(json(200, { statusCode: '2056', statusMessage: 'Invalid Payment State' }));
    const refusal = (j: unknown) => {
      const { statusCode, statusMessage } = j as { statusCode: string; statusMessage: string };
      return statusCode === '0000' ? null : { code: statusCode, message: statusMessage };
    };
    expect(await failure(call({ method: 'POST', refusal }))).toMatchObject({ kind: 'refused', status: 200, code: '2056', message: 'Invalid Payment State', retryable: false });
  });

  it('malformed JSON, an empty body and a body of the wrong shape are bad answers', async () => {
    handlers.push(text(200, '{"ok": tru'));
    expect(await failure(call())).toMatchObject({ kind: 'bad-answer', status: 200, body: '{"ok": tru', message: 'Fake answered something that is not JSON' });
    handlers.push(text(200, ''));
    expect((await failure(call())).kind).toBe('bad-answer');
    handlers.push(json(200, { ok: 'yes' }));
    const wrong = await failure(call({ badAnswer: 'Fake answered without ok' }));
    expect(wrong).toMatchObject({ kind: 'bad-answer', message: 'Fake answered without ok', body: { ok: 'yes' }, retryable: false });
    expect(seen).toHaveLength(3);
  });

  it('an idempotent call is tried once more after a cut connection, and answers', async () => {
    handlers.push(cut, json(200, { ok: true }));
    expect(await call({ retry: 'idempotent' })).toEqual({ ok: true });
    expect(seen).toHaveLength(2);
  });

  it('a call that moves money or parcels is never retried: the cut connection is a network error', async () => {
    handlers.push(cut, json(200, { ok: true }));
    const err = await failure(call({ method: 'POST', body: { amount: '1250' }, retry: 'never' }));
    // The request reached the server before the cut: it may have been acted on, so it is not 'unsent'.
    expect(err).toMatchObject({ kind: 'network', status: 0, retryable: true, unsent: false });
    expect(seen).toHaveLength(1);
  });

  it('an idempotent call gives up after its second try', async () => {
    handlers.push(cut, cut, json(200, { ok: true }));
    expect((await failure(call())).kind).toBe('network');
    expect(seen).toHaveLength(2);
  });

  it('an unreachable host is a network error, marked unsent: nothing reached the provider', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise((r) => closed.close(r));
    expect(await failure(call({ url: `http://127.0.0.1:${port}/x`, retry: 'never' }))).toMatchObject({ kind: 'network', provider: 'Fake', unsent: true });
  });
});
