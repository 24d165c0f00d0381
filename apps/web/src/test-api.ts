import { vi } from 'vitest';

/** One recorded call to the stubbed fetch. */
export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: Call) => { status?: number; body: unknown } | undefined;

export const envelope = (data: unknown, message = '', extra: object = {}) => ({ success: true, error: false, message, data, ...extra });
export const failure = (message: string) => ({ success: false, error: true, message, data: null });

/**
 * Stubs the global fetch with a small API: `routes` maps "METHOD path" (path
 * without /api/ and without the query string) to an answer. Every call is
 * recorded, with a FormData body kept as it was sent. Unknown calls answer 404.
 */
export function fakeApi(routes: Record<string, Handler | { status?: number; body: unknown }>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call: Call = { method, path: url.pathname.replace(/^\/api\//, '') + url.search, body, headers: (init.headers ?? {}) as Record<string, string> };
    calls.push(call);
    const route = routes[`${method} ${url.pathname.replace(/^\/api\//, '')}`];
    const answer = typeof route === 'function' ? route(call) : route;
    const { status = 200, body: json } = answer ?? { status: 404, body: failure('Not found') };
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, sent: (method: string, path: string) => calls.filter((c) => c.method === method && c.path.startsWith(path)) };
}
