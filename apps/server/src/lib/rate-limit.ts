import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './errors';

/**
 * Fixed-window counters per key. In memory for one process; in Redis when
 * REDIS_URL is set, so several server processes share the same limits.
 */
export interface RateStore {
  /** Counts one hit and answers the hits so far in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  close(): Promise<void>;
}

export function memoryStore(): RateStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        // Drop stale windows now and then so the map does not grow forever.
        if (windows.size > 10_000) for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count;
    },
    async close() {
      windows.clear();
    },
  };
}

export function redisStore(url: string): RateStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async hit(key, windowMs) {
      const k = `haat:rl:${key}`;
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[unknown, number]];
      return count;
    },
    async close() {
      await redis.quit();
    },
  };
}

export interface LimitRule {
  /** Names the limit in the keys, e.g. 'login'. */
  name: string;
  windowMs: number;
  perIp: number;
  /** Omitted for requests that carry no e-mail (orders). */
  perEmail?: number;
  /** What the 429 says; the account limits share one text. */
  message?: string;
}

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

/** The store the app uses: Redis when REDIS_URL is set, else this process's memory. */
export function createRateStore(redisUrl: string | undefined): RateStore {
  return redisUrl ? redisStore(redisUrl) : memoryStore();
}

/**
 * A preHandler that counts the request against the caller's IP and the
 * e-mail in the body; over either limit it answers 429.
 */
export function limitByIpAndEmail(store: RateStore, rule: LimitRule) {
  return async (req: FastifyRequest) => {
    const body = (req.body ?? {}) as { email?: unknown };
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const ipHits = await store.hit(`${rule.name}:ip:${req.ip}`, rule.windowMs);
    if (ipHits > rule.perIp) throw new AppError(429, rule.message ?? TOO_MANY);
    if (email && rule.perEmail !== undefined) {
      const emailHits = await store.hit(`${rule.name}:email:${email}`, rule.windowMs);
      if (emailHits > rule.perEmail) throw new AppError(429, rule.message ?? TOO_MANY);
    }
  };
}

const MINUTE = 60_000;
/** The limits of the account endpoints. */
export const AUTH_LIMITS = {
  register: { name: 'register', windowMs: 60 * MINUTE, perIp: 20, perEmail: 5 },
  login: { name: 'login', windowMs: 15 * MINUTE, perIp: 50, perEmail: 10 },
  forgotPassword: { name: 'forgot', windowMs: 15 * MINUTE, perIp: 20, perEmail: 5 },
  verifyOtp: { name: 'otp', windowMs: 15 * MINUTE, perIp: 50, perEmail: 10 },
  updatePassword: { name: 'reset', windowMs: 15 * MINUTE, perIp: 50, perEmail: 10 },
} satisfies Record<string, LimitRule>;

/**
 * Placing orders, per IP. Generous, because many shoppers share one address
 * behind a mobile carrier's NAT; it stops one script from holding all the
 * stock with fake cash-on-delivery orders.
 */
export const ORDER_LIMIT: LimitRule = {
  name: 'order',
  windowMs: 10 * MINUTE,
  perIp: 30,
  message: 'Too many orders from this connection. Please wait a few minutes and try again.',
};
