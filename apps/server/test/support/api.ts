import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { uniqueEmail, uniqueIp } from './factories';
import { Multipart } from './multipart';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Who calls: a user from a factory, a bare access token, or nobody. */
export type Caller = { token: string } | string | null | undefined;
export type Body = Multipart | object | string | undefined;

export interface RequestOptions {
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface Api {
  /** The client IP every request comes from (rate limits count per IP). */
  readonly ip: string;
  /** The same client acting as `caller`: `api.as(user).post('cart/add-to-cart', {...})`. */
  as(caller: Caller): Api;
  /** The same caller from another IP. */
  from(ip: string): Api;
  get(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  delete(url: string, body?: Body, options?: RequestOptions): Promise<LightMyRequestResponse>;
  post(url: string, body?: Body, options?: RequestOptions): Promise<LightMyRequestResponse>;
  put(url: string, body?: Body, options?: RequestOptions): Promise<LightMyRequestResponse>;
  patch(url: string, body?: Body, options?: RequestOptions): Promise<LightMyRequestResponse>;
  send(method: Method, url: string, body?: Body, options?: RequestOptions): Promise<LightMyRequestResponse>;
  /**
   * A request built whole (method, url as is, headers, a raw payload), as the
   * security suite builds them; from this client's IP (unless it names a
   * remoteAddress) and as its caller.
   */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  register(email: string, password?: string, name?: string): Promise<LightMyRequestResponse>;
  login(email: string, password?: string): Promise<LightMyRequestResponse>;
  /** Registers and signs in; answers both tokens. */
  signUp(email?: string, password?: string, name?: string): Promise<{ email: string; password: string; access: string; refresh: string }>;
}

/**
 * The one way a server test calls the API: `app.inject` with a client IP of
 * its own, a bearer token when acting as someone, JSON or multipart bodies.
 * A url without a leading slash is under /api/. Tests never call `inject`
 * themselves (eslint.config.js): a test that needs more extends this kit.
 */
export function createApi(app: FastifyInstance | (() => FastifyInstance), ip = uniqueIp(), caller: Caller = null): Api {
  const appOf = typeof app === 'function' ? app : () => app;
  const token = typeof caller === 'string' ? caller : caller?.token;
  const send: Api['send'] = (method, url, body, options = {}) => {
    const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers };
    let payload = body as InjectOptions['payload'];
    if (body instanceof Multipart) {
      Object.assign(headers, body.headers);
      payload = body.payload;
    }
    return appOf().inject({
      method,
      url: url.startsWith('/') ? url : `/api/${url}`,
      remoteAddress: ip,
      headers,
      payload,
      ...(options.query ? { query: options.query } : {}),
    });
  };
  const api: Api = {
    ip,
    as: (next) => createApi(appOf, ip, next),
    from: (nextIp) => createApi(appOf, nextIp, caller),
    send,
    request: (options) =>
      appOf().inject({
        ...options,
        remoteAddress: options.remoteAddress ?? ip,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
      }),
    get: (url, options) => send('GET', url, undefined, options),
    delete: (url, body, options) => send('DELETE', url, body, options),
    post: (url, body, options) => send('POST', url, body, options),
    put: (url, body, options) => send('PUT', url, body, options),
    patch: (url, body, options) => send('PATCH', url, body, options),
    register: (email, password = 'secret123', name = 'Rahim Uddin') => send('POST', 'user/register', { name, email, password, confirmPassword: password }),
    login: (email, password = 'secret123') => send('POST', 'user/login', { email, password }),
    async signUp(email = uniqueEmail(), password = 'secret123', name = 'Rahim Uddin') {
      const reg = await api.register(email, password, name);
      if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
      const res = await api.login(email, password);
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
      const { access_token, refresh_token } = res.json().data as { access_token: string; refresh_token: string };
      return { email, password, access: access_token, refresh: refresh_token };
    },
  };
  return api;
}
