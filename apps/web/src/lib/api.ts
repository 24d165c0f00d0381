import type { ApiResponse } from '@haat/shared/api';

/** An API failure carrying the server's message (spec §8: shown in the error toast). */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The browser's HTTP cache mode; admin screens revalidate ('no-cache') what the shop caches for 30 s. */
  cache?: RequestCache;
}

/** The plain client: JSON or FormData in, the { success, message, data } envelope out. */
export async function request<T = unknown>(path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(`/api/${path.replace(/^\//, '')}`, { method: opts.method ?? 'GET', headers, body, signal: opts.signal, cache: opts.cache });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('Network error. Please check your connection and try again.', 0);
  }
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    // A body that is not JSON (proxy error page): fall through to a generic message.
  }
  const envelope = json as ApiResponse<T> | null;
  if (!res.ok || !envelope || envelope.success === false) {
    throw new ApiError(envelope?.message || `Request failed (${res.status}).`, res.status, json);
  }
  return envelope;
}

/** §8 generic handler text: the server's message if present, else the error's own. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error) return err.message;
  return 'Something went wrong.';
}
