import type { FastifyServerOptions } from 'fastify';

/**
 * Logging without secrets (issue 8, item 3). No log line may hold a password, a
 * hash, a token, a one-time code or a query's parameters.
 */

const SECRET_KEYS = [
  'password',
  'currentPassword',
  'NewPassword',
  'ConfirmNewPassword',
  'confirmPassword',
  'passwordHash',
  'password_hash',
  'token',
  'access_token',
  'refresh_token',
  'accessToken',
  'refreshToken',
  'resetToken',
  'otp',
  'codeHash',
  'tokenHash',
];

/** pino paths: the request's credentials, and the secret keys at the top and one or two levels down. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
  // A one-time code logged on its own; nested `code`s are error codes (SQLSTATE, FST_…) and stay.
  'code',
];

/** Error fields that are safe to log; anything else (params, query, detail, where, body…) is left out. */
const SAFE_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'routine'] as const;

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  [key: string]: unknown;
}

/**
 * Errors serialised by allow-list. A drizzle query error says
 * "Failed query: <sql>\nparams: <values>" in its message and its stack, and a
 * PostgreSQL error carries the row's values in `detail`: only the SQL text and
 * the error's code and names are kept.
 */
export function serializeError(err: unknown, depth = 0): LoggedError | unknown {
  if (!(err instanceof Error) && !(err && typeof err === 'object' && 'message' in err)) return err;
  const e = err as Error & Record<string, unknown>;
  const message = withoutParams(String(e.message ?? ''));
  const out: LoggedError = { type: e.constructor?.name ?? 'Error', message };
  if (typeof e.stack === 'string') {
    // The stack starts with the message: keep only the frames.
    const frames = e.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${out.type}: ${message}`, ...frames].join('\n');
  }
  for (const key of SAFE_FIELDS) {
    const value = e[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

function withoutParams(message: string): string {
  const cut = message.indexOf('\nparams:');
  return cut === -1 ? message : message.slice(0, cut);
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * Query parameters whose values name a person or open their order: /track's
 * order number and mobile (the page and the API), bKash's payment id, e-mails,
 * codes. Their values are replaced in every logged URL; the keys stay, so a log
 * still tells which page was asked for.
 */
const PERSONAL_QUERY_KEYS = new Set(['orderid', 'order', 'order_id', 'mobile', 'phone', 'email', 'paymentid', 'payment_ref_id', 'trxid', 'token', 'code', 'otp']);

/** A URL as the log may keep it: the path, and the query with personal values replaced. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq === -1 ? pair : pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judged by its raw spelling.
      }
      return eq !== -1 && PERSONAL_QUERY_KEYS.has(name.toLowerCase()) ? `${key}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  remoteAddress?: string;
  remotePort?: number;
}

/** Fastify's request fields, with the URL made loggable. */
function serializeRequest(req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }): LoggedRequest {
  return { method: req.method, url: loggableUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/** The app's logger settings: the caller's level and stream, always with redaction and the safe error serializer. */
export function loggerOptions(logger: LoggerOption): LoggerOption {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { ...base.serializers, req: serializeRequest as never, err: serializeError as never, error: serializeError },
  };
}
