import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { TEXT_LIMITS } from '@haat/shared/schemas/limits';
import type { Config } from '../config';
import { AppError, appError } from './errors';

/** One fixed window: the hits so far and the milliseconds until it ends. */
export interface WindowState {
  count: number;
  resetMs: number;
}

/**
 * Fixed-window counters per key. In memory for one process; in Redis when
 * REDIS_URL is set, so several server processes share the same limits.
 */
export interface RateStore {
  /** Counts one hit and answers the window after it. */
  hit(key: string, windowMs: number): Promise<WindowState>;
  /** Takes back one hit (a login that turned out right); never below zero. */
  undo(key: string): Promise<void>;
  /** The window without counting; count 0 when there is none. */
  peek(key: string): Promise<WindowState>;
  close(): Promise<void>;
}

/** Enough for every client of a busy shop; past it the least recently used keys go first. */
const MEMORY_MAX_KEYS = 100_000;
/** What the memory store may hold, counted as below: about 100,000 windows of ordinary keys (decision 0044). */
const MEMORY_MAX_BYTES = 32 * 1024 * 1024;
/** An LRU entry with its window object costs about 250 bytes with a 60-character key (measured with lru-cache 11). */
const ENTRY_OVERHEAD_BYTES = 200;
/** Longer keys are stored as a hash, so no caller's input can make one big (issue 18). */
const MAX_KEY_CHARS = 160;

/**
 * The key as stored: itself when short, else its first characters (for a
 * person reading the store) and a SHA-256 of the whole. Keys carry what
 * clients send (e-mails, addresses from X-Forwarded-For, order ids).
 */
export function storedKey(key: string): string {
  if (key.length <= MAX_KEY_CHARS) return key;
  return `${key.slice(0, 40)}#${createHash('sha256').update(key).digest('base64url')}`;
}

export function memoryStore(maxKeys = MEMORY_MAX_KEYS, maxBytes = MEMORY_MAX_BYTES): RateStore {
  // Each window expires with its own TTL; lookups and inserts never scan the store.
  // Bounded by bytes as well as keys: a flood of distinct keys costs at most maxBytes.
  const cache = new LRUCache<string, { count: number; resetAt: number }>({
    max: maxKeys,
    maxSize: maxBytes,
    sizeCalculation: (_w, key) => 2 * key.length + ENTRY_OVERHEAD_BYTES,
  });
  const windows = {
    get: (key: string) => cache.get(storedKey(key)),
    set: (key: string, w: { count: number; resetAt: number }, opts: { ttl: number }) => cache.set(storedKey(key), w, opts),
    clear: () => cache.clear(),
  };
  const state = (w: { count: number; resetAt: number } | undefined, now: number): WindowState =>
    w && w.resetAt > now ? { count: w.count, resetMs: w.resetAt - now } : { count: 0, resetMs: 0 };
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w, { ttl: windowMs });
      }
      w.count += 1;
      return state(w, now);
    },
    async undo(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async peek(key) {
      return state(windows.get(key), Date.now());
    },
    async close() {
      windows.clear();
    },
  };
}

export function redisStore(url: string): RateStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const k = (key: string) => `haat:rl:${storedKey(key)}`;
  const state = (count: number, pttl: number): WindowState => (count > 0 && pttl > 0 ? { count, resetMs: pttl } : { count: 0, resetMs: 0 });
  return {
    async hit(key, windowMs) {
      const [[, count], , [, pttl]] = (await redis.multi().incr(k(key)).pexpire(k(key), windowMs, 'NX').pttl(k(key)).exec()) as [
        [unknown, number],
        unknown,
        [unknown, number],
      ];
      return state(count, pttl);
    },
    async undo(key) {
      // Only while the window lives, so an expired key is not brought back without a TTL.
      await redis.eval("if redis.call('pttl', KEYS[1]) > 0 and tonumber(redis.call('get', KEYS[1])) > 0 then redis.call('decr', KEYS[1]) end", 1, k(key));
    },
    async peek(key) {
      const [[, count], [, pttl]] = (await redis.multi().get(k(key)).pttl(k(key)).exec()) as [[unknown, string | null], [unknown, number]];
      return state(Number(count ?? 0), pttl);
    },
    async close() {
      await redis.quit();
    },
  };
}

/** RATE_LIMITS=off (benchmarks only; config refuses it in production): every check passes. */
export function disabledStore(): RateStore {
  return {
    hit: async () => ({ count: 0, resetMs: 0 }),
    undo: async () => undefined,
    peek: async () => ({ count: 0, resetMs: 0 }),
    close: async () => undefined,
  };
}

/** The store the app uses: none when RATE_LIMITS=off, Redis when REDIS_URL is set, else this process's memory. */
export function createRateStore(config: Pick<Config, 'REDIS_URL' | 'RATE_LIMITS'>): RateStore {
  if (config.RATE_LIMITS === 'off') return disabledStore();
  return config.REDIS_URL ? redisStore(config.REDIS_URL) : memoryStore();
}

export interface LimitRule {
  /** Names the limit in the keys, e.g. 'register'. */
  name: string;
  windowMs: number;
  perIp: number;
  /** Per e-mail from any address. Omitted where a stranger could use it to lock the owner out. */
  perEmail?: number;
  /** Per e-mail from one address. */
  perEmailAndIp?: number;
  /** What the 429 says; the account limits share one text. */
  /** The code answered past the limit (TOO_MANY_ATTEMPTS when omitted). */
  error?: TooManyCode;
}

type TooManyCode = 'TOO_MANY_ATTEMPTS' | 'TOO_MANY_ORDERS' | 'TOO_MANY_PAYMENT_CONFIRMATIONS' | 'TOO_MANY_TRACK_LOOKUPS' | 'TOO_MANY_UPLOADS';

/** A 429 with Retry-After in whole seconds (at least 1). */
export function tooMany(reply: FastifyReply, resetMs: number, code: TooManyCode = 'TOO_MANY_ATTEMPTS'): AppError {
  reply.header('retry-after', String(Math.max(1, Math.ceil(resetMs / 1000))));
  return appError(code);
}

/**
 * The e-mail the body names, for the limiter's keys. Its length is checked
 * first: one longer than any e-mail the schema accepts names no account, so
 * it gets no keys of its own and counts against the address only (the schema
 * then refuses it with a 400).
 */
const emailOf = (req: FastifyRequest) => {
  const email = (req.body as { email?: unknown } | null)?.email;
  if (typeof email !== 'string') return '';
  const trimmed = email.trim();
  return trimmed.length <= TEXT_LIMITS.email ? trimmed.toLowerCase() : '';
};

/**
 * A preValidation hook that counts the request against the caller's IP and,
 * when the body names an e-mail, that e-mail (alone and from this IP); over
 * any limit it answers 429 with Retry-After.
 */
export function limitByIpAndEmail(store: RateStore, rule: LimitRule) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const email = emailOf(req);
    const keys: [string, number | undefined][] = [
      [`${rule.name}:ip:${req.ip}`, rule.perIp],
      [`${rule.name}:email:${email}`, email ? rule.perEmail : undefined],
      [`${rule.name}:email-ip:${email}:${req.ip}`, email ? rule.perEmailAndIp : undefined],
    ];
    for (const [key, max] of keys) {
      if (max === undefined) continue;
      const w = await store.hit(key, rule.windowMs);
      if (w.count > max) throw tooMany(reply, w.resetMs, rule.error);
    }
  };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The limits of the account endpoints. verify-otp and update-password count
 * per address and per e-mail-and-address only: the account itself is guarded
 * in the database (5 guesses per code, a daily cap of wrong codes per account,
 * a reset token), so a stranger cannot lock its owner out.
 */
export const AUTH_LIMITS = {
  register: { name: 'register', windowMs: 60 * MINUTE, perIp: 20, perEmail: 5 },
  forgotPassword: { name: 'forgot', windowMs: 15 * MINUTE, perIp: 20, perEmail: 5 },
  verifyOtp: { name: 'otp', windowMs: 15 * MINUTE, perIp: 50, perEmailAndIp: 10 },
  updatePassword: { name: 'reset', windowMs: 15 * MINUTE, perIp: 50, perEmailAndIp: 10 },
  /** Per address only: these carry a token, not an e-mail. */
  refreshToken: { name: 'refresh', windowMs: 15 * MINUTE, perIp: 300 },
  logout: { name: 'logout', windowMs: 15 * MINUTE, perIp: 100 },
} satisfies Record<string, LimitRule>;

/**
 * Login counts failures only (a right password takes its count back):
 * - per address, across every account: a guessing script is stopped;
 * - per account from one address: the same;
 * - per account from any address: past `accountSoft` failures the account is
 *   under attack, and addresses that never signed in to it may try one password
 *   per `slowMs` (a short Retry-After), while an address that signed in to it
 *   before passes at once. Strangers can slow guessing down this way but never
 *   refuse the owner's right password for longer than that second.
 */
export const LOGIN_LIMIT = {
  windowMs: 15 * MINUTE,
  perIp: 30,
  perEmailAndIp: 10,
  accountSoft: 20,
  slowMs: 1000,
  /** How long an address that signed in to an account stays known to it. */
  knownMs: 30 * DAY,
};

/**
 * The login guard: `check` is the route's preValidation hook, `settle` its
 * onResponse hook, which keeps the failures counted for a wrong password
 * (401) and for any other refusal (a 400 for bad input, a 403): a flood of bad requests is
 * stopped like a flood of guesses (issue 18). A 429 and a server error are
 * taken back. Failures are counted before the password is checked, so
 * parallel guesses cannot all slip in under the limit.
 */
const isCountedFailure = (status: number) => status >= 400 && status < 500 && status !== 429;

export function loginLimiter(store: RateStore, rule = LOGIN_LIMIT) {
  const counted = new WeakMap<FastifyRequest, string[]>();
  return {
    async check(req: FastifyRequest, reply: FastifyReply) {
      const email = emailOf(req);
      const keys: string[] = [];
      counted.set(req, keys);
      const count = async (key: string, max: number) => {
        keys.push(key);
        const w = await store.hit(key, rule.windowMs);
        if (w.count > max) throw tooMany(reply, w.resetMs);
      };
      await count(`login:fail:ip:${req.ip}`, rule.perIp);
      if (!email) return;
      await count(`login:fail:email-ip:${email}:${req.ip}`, rule.perEmailAndIp);
      keys.push(`login:fail:email:${email}`);
      const account = await store.hit(`login:fail:email:${email}`, rule.windowMs);
      if (account.count <= rule.accountSoft) return;
      if ((await store.peek(`login:known:${email}:${req.ip}`)).count > 0) return;
      const slot = await store.hit(`login:slow:${email}`, rule.slowMs);
      if (slot.count > 1) throw tooMany(reply, slot.resetMs);
    },
    async settle(req: FastifyRequest, reply: FastifyReply) {
      const keys = counted.get(req);
      if (!keys || isCountedFailure(reply.statusCode)) return;
      for (const key of keys) await store.undo(key);
      const email = emailOf(req);
      if (reply.statusCode === 200 && email) await store.hit(`login:known:${email}:${req.ip}`, rule.knownMs);
    },
  };
}

/** update-user with a current password, per account: a stolen access token cannot guess the password at speed. */
export const REAUTH_LIMIT = { name: 'reauth', windowMs: 15 * MINUTE, perUser: 10 };

/** A preHandler after requireUser: counts the requests that carry a current password against the signed-in account. */
export function limitReauth(store: RateStore, rule = REAUTH_LIMIT) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.user || !(req.body as { currentPassword?: unknown } | null)?.currentPassword) return;
    const w = await store.hit(`${rule.name}:user:${req.user.id}`, rule.windowMs);
    if (w.count > rule.perUser) throw tooMany(reply, w.resetMs);
  };
}

/**
 * Picture uploads by shoppers and guests (issue 41): each file is decoded and re-encoded (sharp), so they are
 * counted per account (when signed in) and per address before the form is read. A person changes an avatar or
 * photographs a return a few times; a script is stopped.
 */
export const UPLOAD_LIMITS = {
  avatar: { name: 'avatar', windowMs: 60 * MINUTE, perIp: 60, perUser: 10 },
  returnPhotos: { name: 'return-photos', windowMs: 60 * MINUTE, perIp: 60, perUser: 20 },
  reviewPhotos: { name: 'review-photos', windowMs: 60 * MINUTE, perIp: 60, perUser: 20 },
} satisfies Record<string, { name: string; windowMs: number; perIp: number; perUser: number }>;

/** A preHandler (after requireUser where there is one): counts the upload against the account and the address. */
export function limitUploads(store: RateStore, rule: (typeof UPLOAD_LIMITS)[keyof typeof UPLOAD_LIMITS]) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const keys: [string, number][] = [[`${rule.name}:ip:${req.ip}`, rule.perIp]];
    if (req.user) keys.push([`${rule.name}:user:${req.user.id}`, rule.perUser]);
    for (const [key, max] of keys) {
      const w = await store.hit(key, rule.windowMs);
      if (w.count > max) throw tooMany(reply, w.resetMs, 'TOO_MANY_UPLOADS');
    }
  };
}

/**
 * A guest's look-ups by order number and mobile (/track, the guest return forms) share one budget of wrong
 * guesses per order number: the ones that found nothing (404) count, and past 20 in 10 minutes a wrong guess
 * answers 429 instead. A right number and mobile are always answered: strangers cannot lock the owner out
 * (decision 0046; the returns since issue 41).
 */
export const ORDER_GUESS_LIMIT = { windowMs: 10 * MINUTE, perOrder: 20 };

/** Runs a look-up by order number; one that finds nothing counts against that number (see ORDER_GUESS_LIMIT). */
export async function guessOrder<T>(store: RateStore, orderNumber: unknown, reply: FastifyReply, look: () => Promise<T>): Promise<T> {
  try {
    return await look();
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode !== 404) throw err;
    const w = await store.hit(`track:order:${String(orderNumber ?? '').trim().toUpperCase().slice(0, 40)}`, ORDER_GUESS_LIMIT.windowMs);
    throw w.count > ORDER_GUESS_LIMIT.perOrder ? tooMany(reply, w.resetMs, 'TOO_MANY_TRACK_LOOKUPS') : err;
  }
}

/**
 * Placing orders, per IP. Generous, because many shoppers share one address
 * behind a mobile carrier's NAT; it stops one script from holding all the
 * stock with fake cash-on-delivery orders.
 */
export const ORDER_LIMIT: LimitRule = {
  name: 'order',
  windowMs: 10 * MINUTE,
  perIp: 30,
  error: 'TOO_MANY_ORDERS',
};

/**
 * The bKash callback is public and may call bKash (execute, payment/status):
 * a browser comes back a few times at most, a script replaying it is stopped.
 */
export const PAYMENT_CALLBACK_LIMIT: LimitRule = {
  name: 'bkash-callback',
  windowMs: 10 * MINUTE,
  perIp: 60,
  error: 'TOO_MANY_PAYMENT_CONFIRMATIONS',
};
