import { vi } from 'vitest';

/** One recorded call to the stubbed fetch. */
export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status?: number; body: unknown; headers?: Record<string, string> };
/** Answers a call; may wait (a promise) to hold the request open. */
type Handler = (call: Call) => Answer | undefined | Promise<Answer | undefined>;

export const envelope = (data: unknown, message = '', extra: object = {}) => ({ success: true, error: false, message, data, ...extra });
export const failure = (message: string) => ({ success: false, error: true, message, data: null });

/**
 * Stubs the global fetch with a small API: `routes` maps "METHOD path" (path
 * without /api/ and without the query string) to an answer. Every call is
 * recorded, with a FormData body kept as it was sent. Unknown calls answer 404.
 */
export function fakeApi(routes: Record<string, Handler | Answer>) {
  const calls: Call[] = [];
  const answer = async (method: string, target: string, rawBody: unknown, headers: Record<string, string>): Promise<Answer> => {
    const url = new URL(target, 'http://localhost');
    const body = typeof rawBody === 'string' ? JSON.parse(rawBody) : rawBody;
    const call: Call = { method, path: url.pathname.replace(/^\/api\//, '') + url.search, body, headers };
    calls.push(call);
    const route = routes[`${method} ${url.pathname.replace(/^\/api\//, '')}`];
    const found = typeof route === 'function' ? await route(call) : route;
    return found ?? { status: 404, body: failure('Not found') };
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const { status = 200, body: json, headers: answered } = await answer(init.method ?? 'GET', String(input), init.body, headers);
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json', ...answered } });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', fakeXhr(answer));
  return { calls, fetchMock, sent: (method: string, path: string) => calls.filter((c) => c.method === method && c.path.startsWith(path)) };
}

/** Bytes the fake XMLHttpRequest says it sent, in two progress steps. */
export const FAKE_UPLOAD_BYTES = 1000;

/**
 * XMLHttpRequest answering from the same routes (uploads with progress use it):
 * it reports half, then all of the body sent, then answers. `XMLHttpRequest.hold`
 * keeps the next request open after the first progress step until it is aborted.
 */
function fakeXhr(answer: (method: string, url: string, body: unknown, headers: Record<string, string>) => Promise<Answer>) {
  return class FakeXMLHttpRequest {
    static hold = false;
    upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      if (this.aborted) return;
      this.aborted = true;
      this.onabort?.();
    }
    send(body: unknown) {
      const hold = FakeXMLHttpRequest.hold;
      FakeXMLHttpRequest.hold = false;
      setTimeout(async () => {
        if (this.aborted) return;
        this.upload.onprogress?.({ loaded: FAKE_UPLOAD_BYTES / 2, total: FAKE_UPLOAD_BYTES, lengthComputable: true });
        if (hold) return;
        this.upload.onprogress?.({ loaded: FAKE_UPLOAD_BYTES, total: FAKE_UPLOAD_BYTES, lengthComputable: true });
        const { status = 200, body: json } = await answer(this.method, this.url, body, this.headers);
        this.status = status;
        this.responseText = JSON.stringify(json);
        this.onload?.();
      }, 0);
    }
  };
}
