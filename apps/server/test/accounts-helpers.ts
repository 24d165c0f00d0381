import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';

/**
 * Small helpers for the account tests. Each test gets its own client IP and
 * e-mails, so the rate limits (counted per app) do not leak between tests.
 */
let counter = 0;
export const uniqueEmail = (name = 'user') => `${name}.${++counter}.${Date.now()}@example.com`;
export const uniqueIp = () => {
  const n = ++counter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export function client(app: () => FastifyInstance, ip = uniqueIp()) {
  const call = (method: InjectOptions['method'], url: string, payload?: unknown, token?: string) =>
    app().inject({
      method,
      url: `/api/${url}`,
      remoteAddress: ip,
      payload: payload as InjectOptions['payload'],
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  return {
    ip,
    call,
    async register(email: string, password = 'secret123', name = 'Rahim Uddin') {
      return call('POST', 'user/register', { name, email, password, confirmPassword: password });
    },
    async login(email: string, password = 'secret123') {
      return call('POST', 'user/login', { email, password });
    },
    /** Registers and signs in; answers both tokens. */
    async signUp(email = uniqueEmail(), password = 'secret123', name = 'Rahim Uddin') {
      const reg = await call('POST', 'user/register', { name, email, password, confirmPassword: password });
      if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
      const res = await call('POST', 'user/login', { email, password });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
      const { access_token, refresh_token } = res.json().data as { access_token: string; refresh_token: string };
      return { email, password, access: access_token, refresh: refresh_token };
    },
  };
}

/** A multipart body with one file field. */
export function multipart(field: string, filename: string, data: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----haat${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const pngImage = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
export const jpegImage = () => sharp({ create: { width: 40, height: 40, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
export const gifImage = () => sharp({ create: { width: 20, height: 20, channels: 3, background: '#00ff00' } }).gif().toBuffer();
