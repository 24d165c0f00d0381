import { z } from 'zod';

/**
 * The one reader of process.env. A bad value stops start-up with one line that
 * names the variable.
 */
const DEMO_JWT_SECRET = 'haat-demo-secret-change-me-please-0123456789';
export const DEMO_ADMIN = { email: 'admin@haat.test', password: 'admin123' } as const;

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** A cap of open COD orders: "orders/units", or 'off' (null). */
const codCap = (fallback: string) =>
  z
    .string()
    .regex(/^(off|\d{1,4}\/\d{1,5})$/, "must be 'orders/units' (e.g. 5/20) or 'off'")
    .default(fallback)
    .transform((v): { orders: number; units: number } | null => {
      if (v === 'off') return null;
      const [orders, units] = v.split('/').map(Number) as [number, number];
      return { orders, units };
    });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .refine((v) => v === 'memory://' || /^postgres(ql)?:\/\//.test(v), {
      message: 'must be memory:// or a postgres:// URL',
    })
    .optional(),
  /**
   * A streaming replica of DATABASE_URL (a hot standby) for catalogue and
   * search reads; the primary answers them when it is down or behind
   * (decision 0072). PostgreSQL only.
   */
  READ_DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Haat <no-reply@haat.test>'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  /** Unset: on for the embedded database, off on PostgreSQL (a real shop must ask for demo data). */
  SEED_DEMO: bool.optional(),
  SEED_PRODUCTS: z.coerce.number().int().min(0).max(1_000_000).default(5000),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  /**
   * How old a cached catalogue answer may be, in ms (decision 0063). 0: every
   * read first confirms with PostgreSQL that no change is pending. Unset: 1000
   * in production, 0 elsewhere (an admin trying the shop sees an edit at once).
   */
  CATALOGUE_MAX_STALE_MS: z.coerce.number().int().min(0).max(10_000).optional(),
  /**
   * How long, in ms, a cached catalogue answer may go on showing a stock figure
   * that orders have since moved, while it is loaded again (decision 0079).
   * Edits, prices and new products are never kept past CATALOGUE_MAX_STALE_MS.
   * Unset: as CATALOGUE_MAX_STALE_MS. 0: an order drops the answers at once.
   */
  CATALOGUE_STOCK_GRACE_MS: z.coerce.number().int().min(0).max(5_000).optional(),
  /**
   * Open, unconfirmed web cash-on-delivery orders one delivery mobile, or one client address, may have waiting for
   * the shop (decision 0092): "orders/units", or 'off' (benchmarks, tests of other things).
   */
  COD_OPEN_PER_MOBILE: codCap('5/20'),
  COD_OPEN_PER_ADDRESS: codCap('10/40'),
  /**
   * SMS the shop sends in 24 hours (decision 0092): past it only the essential ones (codes, staff invites) go; the
   * Owners are mailed at 80 %. 0: no budget.
   */
  SMS_DAILY_BUDGET: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  /** SMS other than codes one number may be sent in 24 hours (order and status texts, notices, invites). */
  SMS_PER_NUMBER_DAILY: z.coerce.number().int().min(1).max(1000).default(10),
  /** 'off' lets every rate-limit check pass: for benchmarks only, refused in production. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /**
   * Proxies in front of the shop whose X-Forwarded-For may be believed:
   * 'false' (none, the default) or a comma-separated list of their addresses or
   * CIDRs ('loopback', 'uniquelocal' also work). Trusting every hop would let a
   * client pick its own IP and slip past the per-IP limits.
   */
  TRUST_PROXY: z
    .string()
    .refine(
      (v) => v === 'false' || v.split(',').every((p) => /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(p.trim())),
      "must be 'false' or a comma-separated list of proxy addresses or CIDRs",
    )
    .default('false')
    .transform((v): false | string => (v === 'false' ? false : v)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHOP_PHONE: z.string().min(3).default('+880 1700-000000'),
  SHOP_EMAIL: z.email().default('support@haat.test'),
  SHOP_FACEBOOK: z.url().default('https://facebook.com/haat.shop'),
  SHOP_INSTAGRAM: z.url().default('https://instagram.com/haat.shop'),
  SHOP_LINKEDIN: z.url().default('https://linkedin.com/company/haat-shop'),
  SHOP_NAME: z.string().trim().min(1).max(60).default('Haat'),
  SHOP_ADDRESS: z.string().trim().min(3).max(200).default('House 12, Road 4, Dhanmondi, Dhaka 1205'),
  /** BulkSMSBD (issue 13): all three or none; none writes SMS to DATA_DIR/outbox/. */
  SMS_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SMS_API_KEY: z.string().min(1).optional(),
  SMS_SENDER_ID: z.string().min(1).max(20).optional(),
  /**
   * The shared secret the SMS gateway's reply forwarding sends to POST /api/sms/inbound (decision 0131): a reply STOP
   * or বন্ধ stops recovery SMS and back-in-stock alerts to that mobile. Unset: the endpoint answers 401 to everyone.
   */
  SMS_INBOUND_SECRET: z.string().min(24, 'must be at least 24 characters').optional(),
  WALLET_NUMBER: z.string().regex(/^\d{11}$/, 'must be 11 digits').default('01700000000'),
  /** Steadfast (packzy) merchant API: courier booking and the COD fraud check. Both keys or neither. */
  STEADFAST_BASE_URL: z.url().regex(/^https?:\/\//, 'must be an http(s) URL').default('https://portal.packzy.com/api/v1'),
  STEADFAST_API_KEY: z.string().min(1).optional(),
  STEADFAST_SECRET_KEY: z.string().min(1).optional(),
  /** The shop's public address, e.g. https://shop.example.com: canonical URLs, the sitemap and feed, and bKash's return use it. */
  PUBLIC_URL: z.url().regex(/^https?:\/\//, 'must be an http(s) URL').transform((v) => v.replace(/\/+$/, '')).optional(),
  BKASH_BASE_URL: z.url().regex(/^https?:\/\//, 'must be an http(s) URL').transform((v) => v.replace(/\/+$/, '')).optional(),
  BKASH_APP_KEY: z.string().min(1).optional(),
  BKASH_APP_SECRET: z.string().min(1).optional(),
  BKASH_USERNAME: z.string().min(1).optional(),
  BKASH_PASSWORD: z.string().min(1).optional(),
  /** An unpaid bKash order older than this is cancelled and its stock returned. */
  BKASH_PAYMENT_TTL_MIN: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** Each call to bKash gives up after this long (bKash advises 30 s). */
  BKASH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  // Ad and analytics events (issue 45, decision 0119): the owner sets the ids and tokens in the settings; these are
  // where the platforms are (a test's local fakes) and how long a call may take.
  META_GRAPH_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://graph.facebook.com'),
  META_GRAPH_VERSION: z.string().regex(/^v\d+\.\d+$/, 'must be like v21.0').default('v21.0'),
  GA_MP_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://www.google-analytics.com'),
  AD_EVENTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * The demo's own bKash sandbox: on by default only where the demo admin is (development, the embedded
   * database or an explicit SEED_DEMO=1), without BKASH_BASE_URL; never in production.
   */
  BKASH_SANDBOX: bool.optional(),
  /**
   * SSLCommerz hosted checkout (issue 46, decision 0120): the store id and password together. SSLCOMMERZ_LIVE=1
   * uses https://securepay.sslcommerz.com, otherwise SSLCommerz's own sandbox https://sandbox.sslcommerz.com
   * (refused in production); SSLCOMMERZ_BASE_URL names another address (a test fake).
   */
  SSLCOMMERZ_STORE_ID: z.string().min(1).max(100).optional(),
  SSLCOMMERZ_STORE_PASSWD: z.string().min(1).max(200).optional(),
  SSLCOMMERZ_LIVE: bool.optional(),
  SSLCOMMERZ_BASE_URL: z.url().regex(/^https?:\/\//, 'must be an http(s) URL').transform((v) => v.replace(/\/+$/, '')).optional(),
  /** Each call to SSLCommerz gives up after this long. */
  SSLCOMMERZ_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  /** The demo's own SSLCommerz sandbox (a Pay / Fail / Cancel page): as BKASH_SANDBOX, never in production. */
  SSLCOMMERZ_SANDBOX: bool.optional(),
  /**
   * Nagad's payment gateway (issue 46, decision 0128): the merchant id and both keys together (PEM or Nagad's bare
   * base64). NAGAD_LIVE=1 uses https://api.mynagad.com/api/dfs, otherwise Nagad's sandbox (refused in production);
   * NAGAD_BASE_URL names another address (a test fake). Without them Nagad is paid by a typed transaction id.
   */
  NAGAD_MERCHANT_ID: z.string().min(1).max(100).optional(),
  NAGAD_MERCHANT_PRIVATE_KEY: z.string().min(100).optional(),
  NAGAD_PUBLIC_KEY: z.string().min(100).optional(),
  NAGAD_LIVE: bool.optional(),
  NAGAD_BASE_URL: z.url().regex(/^https?:\/\//, 'must be an http(s) URL').transform((v) => v.replace(/\/+$/, '')).optional(),
  /** Each call to Nagad gives up after this long. */
  NAGAD_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  // Courier status (issue 13). Pathao is on when every PATHAO_* below but the webhook secret is set.
  STEADFAST_WEBHOOK_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  PATHAO_BASE_URL: z.url().optional(),
  PATHAO_CLIENT_ID: z.string().min(1).optional(),
  PATHAO_CLIENT_SECRET: z.string().min(1).optional(),
  PATHAO_USERNAME: z.string().min(1).optional(),
  PATHAO_PASSWORD: z.string().min(1).optional(),
  PATHAO_STORE_ID: z.coerce.number().int().min(1).optional(),
  PATHAO_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** RedX OpenAPI (issue 46, decision 0122): on when the base URL, token and pickup store are set together. */
  REDX_BASE_URL: z.url().regex(/^https?:\/\//, 'must be an http(s) URL').optional(),
  REDX_ACCESS_TOKEN: z.string().min(1).optional(),
  REDX_PICKUP_STORE_ID: z.coerce.number().int().min(1).optional(),
  /** RedX's area id of the pickup store, for its charge calculator; unset: no RedX price on the order card. */
  REDX_PICKUP_AREA_ID: z.coerce.number().int().min(1).optional(),
  REDX_WEBHOOK_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * Paperfly (issue 46, decision 0129): on when the base URL, the merchant's user, password and `paperflykey`
   * and the pickup store (name, address, thana, district, phone, in Paperfly's own words) are set together.
   */
  PAPERFLY_BASE_URL: z.url().regex(/^https?:\/\//, 'must be an http(s) URL').optional(),
  PAPERFLY_USERNAME: z.string().min(1).optional(),
  PAPERFLY_PASSWORD: z.string().min(1).optional(),
  PAPERFLY_KEY: z.string().min(1).optional(),
  PAPERFLY_PICKUP_NAME: z.string().min(1).max(100).optional(),
  PAPERFLY_PICKUP_ADDRESS: z.string().min(1).max(250).optional(),
  PAPERFLY_PICKUP_THANA: z.string().min(1).max(60).optional(),
  PAPERFLY_PICKUP_DISTRICT: z.string().min(1).max(60).optional(),
  PAPERFLY_PICKUP_PHONE: z.string().regex(/^01[3-9]\d{8}$/, 'must be an 11-digit mobile number, 01XXXXXXXXX').optional(),
  PAPERFLY_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How often parcels in transit are asked about, for missed webhooks; 0 turns the poll off. A cron schedule: a minute at the finest. */
  COURIER_POLL_SECONDS: z.coerce
    .number()
    .int()
    .max(86_400)
    .refine((s) => s === 0 || s >= 60, 'must be 0 (no poll) or at least 60: the poll runs on a cron schedule, a minute at the finest')
    .default(300),
  /** How often Steadfast's payouts are read for the courier settlements (issue 44, decision 0112); 0 turns the pull off. */
  SETTLEMENTS_PULL_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
  /**
   * Durable jobs on pg-boss (decisions 0073, 0085). JOBS_WORKER=0: this process only enqueues (an API process
   * beside a worker process); on by default, so the one process runs them too. JOBS_QUEUE starts the name of
   * every queue of the shop (every process of one shop shares it); JOBS_RETRY_DELAY_SECONDS is the wait before
   * a failed job's 2nd attempt, doubled (with jitter) after, 0 for at once; JOBS_POLL_MS how often a worker
   * looks for jobs that came due (a commit's NOTIFY wakes it at once).
   */
  JOBS_WORKER: bool.default(true),
  JOBS_QUEUE: z.string().regex(/^[\w.-]{1,60}$/, 'must be 1-60 letters, digits, _ . or -').default('haat'),
  JOBS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3_600).default(5),
  JOBS_POLL_MS: z.coerce.number().int().min(500).max(600_000).default(1_000),
  /** The Dhaka hour (0–23) from which the day's notice of overdue orders goes to the Owner (decision 0076). */
  OVERDUE_NOTICE_HOUR: z.coerce.number().int().min(0).max(23).default(9),
  /**
   * Pictures in an S3-compatible bucket instead of DATA_DIR/uploads/ (decision 0071): the bucket, region and keys
   * together; the endpoint (AWS when unset), path-style addressing and a public address (a CDN) only with them.
   */
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 lower-case letters, digits, dots, hyphens)').optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name, e.g. us-east-1').optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).transform((v) => v.replace(/\/+$/, '')).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).transform((v) => v.replace(/\/+$/, '')).optional(),
});

const PATHAO_KEYS = ['PATHAO_BASE_URL', 'PATHAO_CLIENT_ID', 'PATHAO_CLIENT_SECRET', 'PATHAO_USERNAME', 'PATHAO_PASSWORD', 'PATHAO_STORE_ID'] as const;
const REDX_KEYS = ['REDX_BASE_URL', 'REDX_ACCESS_TOKEN', 'REDX_PICKUP_STORE_ID'] as const;
const PAPERFLY_KEYS = [
  'PAPERFLY_BASE_URL',
  'PAPERFLY_USERNAME',
  'PAPERFLY_PASSWORD',
  'PAPERFLY_KEY',
  'PAPERFLY_PICKUP_NAME',
  'PAPERFLY_PICKUP_ADDRESS',
  'PAPERFLY_PICKUP_THANA',
  'PAPERFLY_PICKUP_DISTRICT',
  'PAPERFLY_PICKUP_PHONE',
] as const;

export type Env = z.infer<typeof schema>;

/** How the shop reaches bKash: its real API, the demo's own sandbox, or not at all (the manual transaction id). */
export type BkashSettings =
  | { mode: 'live'; baseUrl: string; appKey: string; appSecret: string; username: string; password: string; publicUrl: string }
  | { mode: 'sandbox'; publicUrl: string | undefined };

/** How the shop reaches SSLCommerz: a store (live or SSLCommerz's sandbox), the demo's own sandbox, or not at all. */
export type SslcommerzSettings = { mode: 'store'; baseUrl: string; storeId: string; storePasswd: string; publicUrl: string } | { mode: 'sandbox'; publicUrl: string | undefined };
/** How the shop reaches Nagad's gateway (a merchant account, live or Nagad's sandbox), or not at all. */
export interface NagadSettings {
  baseUrl: string;
  merchantId: string;
  merchantPrivateKey: string;
  nagadPublicKey: string;
  publicUrl: string;
}
export const NAGAD_LIVE_URL = 'https://api.mynagad.com/api/dfs';
export const NAGAD_SANDBOX_URL = 'http://sandbox.mynagad.com:10080/remote-payment-gateway-1.0/api/dfs';
export const SSLCOMMERZ_LIVE_URL = 'https://securepay.sslcommerz.com';
export const SSLCOMMERZ_SANDBOX_URL = 'https://sandbox.sslcommerz.com';

/** Where pictures are kept when not in DATA_DIR/uploads/ (lib/storage.ts). */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Pictures are sent there (a CDN or the bucket's public address) instead of through the shop. */
  publicUrl: string | undefined;
}

const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = ['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL'] as const;

const BKASH_CREDENTIALS = ['BKASH_BASE_URL', 'BKASH_APP_KEY', 'BKASH_APP_SECRET', 'BKASH_USERNAME', 'BKASH_PASSWORD'] as const;

export interface Config extends Env {
  JWT_SECRET: string;
  /** Seed the demo shop (and, outside production, the demo admin). */
  SEED_DEMO: boolean;
  CATALOGUE_MAX_STALE_MS: number;
  CATALOGUE_STOCK_GRACE_MS: number;
  isProduction: boolean;
  /** The demo admin to create, or none. */
  demoAdmin: { email: string; password: string } | null;
  bkash: BkashSettings | null;
  /** SSLCommerz hosted checkout, or null: the checkout does not offer it. */
  sslcommerz: SslcommerzSettings | null;
  /** Nagad's payment gateway, or null: Nagad by a typed transaction id. */
  nagad: NagadSettings | null;
  /** The picture bucket, or null: pictures in DATA_DIR/uploads/. */
  s3: S3Settings | null;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
  const isProduction = e.NODE_ENV === 'production';
  const isPostgres = e.DATABASE_URL !== undefined && e.DATABASE_URL !== 'memory://';
  checkDeploymentRules(e, isProduction, isPostgres);
  checkProviderSets(e);
  const seedDemo = e.SEED_DEMO ?? !isPostgres;
  const bkash = bkashSettings(e, isProduction, seedDemo);
  const maxStaleMs = e.CATALOGUE_MAX_STALE_MS ?? (isProduction ? 1000 : 0);
  return {
    ...e,
    JWT_SECRET: e.JWT_SECRET ?? DEMO_JWT_SECRET,
    SEED_DEMO: seedDemo,
    CATALOGUE_MAX_STALE_MS: maxStaleMs,
    CATALOGUE_STOCK_GRACE_MS: e.CATALOGUE_STOCK_GRACE_MS ?? maxStaleMs,
    isProduction,
    demoAdmin: isProduction || !seedDemo ? null : { ...DEMO_ADMIN },
    bkash,
    sslcommerz: sslcommerzSettings(e, isProduction, seedDemo),
    nagad: nagadSettings(e, isProduction),
    s3: s3Settings(e),
  };
}

function parseEnv(env: NodeJS.ProcessEnv): Env {
  // Empty strings mean "not set": a blank line in an env file must not count.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'configuration');
    throw new ConfigError(`Invalid configuration: ${name}=${JSON.stringify(cleaned[name] ?? '')} ${issue.message}`);
  }
  return parsed.data;
}

/** What production, or a real database, refuses: the demo secret, no replica without PostgreSQL, limits off, no PUBLIC_URL. */
function checkDeploymentRules(e: Env, isProduction: boolean, isPostgres: boolean): void {
  // A real database holds real accounts: tokens signed with the public demo secret could be forged by anyone.
  if (isProduction || isPostgres) {
    const where = isProduction ? 'in production' : 'on PostgreSQL';
    if (!e.JWT_SECRET) throw new ConfigError(`Invalid configuration: JWT_SECRET must be set ${where} (at least 32 random characters)`);
    if (e.JWT_SECRET === DEMO_JWT_SECRET) throw new ConfigError(`Invalid configuration: JWT_SECRET must not be the demo secret ${where}`);
  }
  if (e.READ_DATABASE_URL && !isPostgres) {
    throw new ConfigError('Invalid configuration: READ_DATABASE_URL needs DATABASE_URL to be a postgres:// URL (the embedded database has no replica)');
  }
  if (isProduction && e.RATE_LIMITS === 'off') {
    throw new ConfigError('Invalid configuration: RATE_LIMITS=off is for benchmarks and not allowed in production');
  }
  // Without it, canonical links, robots.txt, the sitemaps and the feed would name whatever Host a stranger sends.
  if (isProduction && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration: PUBLIC_URL must be set in production (e.g. https://shop.example.com); links in pages, sitemaps and the feed are built from it, never from the Host header');
  }
}

/** A provider's settings come all together or not at all. */
function checkProviderSets(e: Env): void {
  if (!e.STEADFAST_API_KEY !== !e.STEADFAST_SECRET_KEY) {
    throw new ConfigError('Invalid configuration: STEADFAST_API_KEY and STEADFAST_SECRET_KEY must be set together');
  }
  const smsSet = [e.SMS_BASE_URL, e.SMS_API_KEY, e.SMS_SENDER_ID].filter((v) => v !== undefined).length;
  if (smsSet !== 0 && smsSet !== 3) {
    throw new ConfigError('Invalid configuration: SMS_BASE_URL, SMS_API_KEY and SMS_SENDER_ID must be set together (or none, for the outbox)');
  }
  const pathaoSet = PATHAO_KEYS.filter((k) => e[k] !== undefined);
  if (pathaoSet.length > 0 && pathaoSet.length < PATHAO_KEYS.length) {
    const missing = PATHAO_KEYS.find((k) => e[k] === undefined)!;
    throw new ConfigError(`Invalid configuration: ${missing} must be set with the other PATHAO_* settings`);
  }
  const redxSet = REDX_KEYS.filter((k) => e[k] !== undefined);
  if (redxSet.length > 0 && redxSet.length < REDX_KEYS.length) {
    const missing = REDX_KEYS.find((k) => e[k] === undefined)!;
    throw new ConfigError(`Invalid configuration: ${missing} must be set with ${REDX_KEYS.filter((k) => k !== missing).join(' and ')}`);
  }
  const paperflySet = PAPERFLY_KEYS.filter((k) => e[k] !== undefined);
  if (paperflySet.length > 0 && paperflySet.length < PAPERFLY_KEYS.length) {
    const missing = PAPERFLY_KEYS.find((k) => e[k] === undefined)!;
    throw new ConfigError(`Invalid configuration: ${missing} must be set with the other PAPERFLY_* settings`);
  }
}

/** All of S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY or none; the optional S3_* only with them. */
function s3Settings(e: Env): S3Settings | null {
  const set = S3_REQUIRED.filter((k) => e[k] !== undefined);
  if (set.length === 0) {
    const stray = S3_OPTIONAL.find((k) => e[k] !== undefined);
    if (stray) throw new ConfigError(`Invalid configuration: ${stray} is set but the bucket is not (pictures in S3 need all of ${S3_REQUIRED.join(', ')})`);
    return null;
  }
  if (set.length < S3_REQUIRED.length) {
    const missing = S3_REQUIRED.filter((k) => e[k] === undefined);
    throw new ConfigError(`Invalid configuration: ${missing.join(', ')} must be set too (pictures in S3 need all of ${S3_REQUIRED.join(', ')})`);
  }
  return {
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION!,
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    publicUrl: e.S3_PUBLIC_URL,
  };
}

/**
 * All five credentials or none; PUBLIC_URL with them; the sandbox only outside production and without
 * them. The sandbox marks orders paid with no money moved, so unasked it follows the demo admin's rule
 * (SEED_DEMO): never on a real database unless someone asks for the demo there.
 */
function bkashSettings(e: Env, isProduction: boolean, seedDemo: boolean): BkashSettings | null {
  const set = BKASH_CREDENTIALS.filter((k) => e[k] !== undefined);
  if (set.length > 0 && set.length < BKASH_CREDENTIALS.length) {
    const missing = BKASH_CREDENTIALS.filter((k) => e[k] === undefined);
    throw new ConfigError(`Invalid configuration: ${missing.join(', ')} must be set too (bKash needs all of ${BKASH_CREDENTIALS.join(', ')})`);
  }
  if (set.length > 0) {
    if (e.BKASH_SANDBOX) throw new ConfigError('Invalid configuration: BKASH_SANDBOX=1 cannot be used with BKASH_BASE_URL');
    if (!e.PUBLIC_URL) throw new ConfigError('Invalid configuration: PUBLIC_URL must be set with the bKash settings (bKash sends shoppers back to it)');
    return { mode: 'live', baseUrl: e.BKASH_BASE_URL!, appKey: e.BKASH_APP_KEY!, appSecret: e.BKASH_APP_SECRET!, username: e.BKASH_USERNAME!, password: e.BKASH_PASSWORD!, publicUrl: e.PUBLIC_URL };
  }
  if (isProduction) {
    if (e.BKASH_SANDBOX) throw new ConfigError('Invalid configuration: BKASH_SANDBOX=1 is for the demo and not allowed in production');
    return null;
  }
  return (e.BKASH_SANDBOX ?? (e.NODE_ENV === 'development' && seedDemo)) ? { mode: 'sandbox', publicUrl: e.PUBLIC_URL } : null;
}

/**
 * SSLCommerz (decision 0120): the store id and password together, with PUBLIC_URL (SSLCommerz posts the
 * shopper and the IPN back to it). In production the store must be live (SSLCOMMERZ_LIVE=1 or a base URL
 * that is not SSLCommerz's sandbox) and the demo's own sandbox never starts.
 */
function nagadSettings(e: Env, isProduction: boolean): NagadSettings | null {
  const set = [e.NAGAD_MERCHANT_ID, e.NAGAD_MERCHANT_PRIVATE_KEY, e.NAGAD_PUBLIC_KEY].filter(Boolean).length;
  if (set === 0) return null;
  if (set < 3) throw new ConfigError('Invalid configuration: NAGAD_MERCHANT_ID, NAGAD_MERCHANT_PRIVATE_KEY and NAGAD_PUBLIC_KEY must be set together');
  if (!e.PUBLIC_URL) throw new ConfigError('Invalid configuration: PUBLIC_URL must be set with the Nagad settings (Nagad sends shoppers back to it)');
  const baseUrl = e.NAGAD_BASE_URL ?? (e.NAGAD_LIVE ? NAGAD_LIVE_URL : NAGAD_SANDBOX_URL);
  // Production never takes a sandbox payment for a real order (decision 0128, as SSLCommerz's, decision 0120).
  if (isProduction && baseUrl === NAGAD_SANDBOX_URL) throw new ConfigError('Invalid configuration: Nagad\'s sandbox is not allowed in production: set NAGAD_LIVE=1 with a live merchant account');
  return { baseUrl, merchantId: e.NAGAD_MERCHANT_ID!, merchantPrivateKey: e.NAGAD_MERCHANT_PRIVATE_KEY!, nagadPublicKey: e.NAGAD_PUBLIC_KEY!, publicUrl: e.PUBLIC_URL };
}

function sslcommerzSettings(e: Env, isProduction: boolean, seedDemo: boolean): SslcommerzSettings | null {
  const { SSLCOMMERZ_STORE_ID: storeId, SSLCOMMERZ_STORE_PASSWD: storePasswd } = e;
  if (!storeId !== !storePasswd) throw new ConfigError('Invalid configuration: SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWD must be set together');
  if (storeId && storePasswd) {
    if (e.SSLCOMMERZ_SANDBOX) throw new ConfigError('Invalid configuration: SSLCOMMERZ_SANDBOX=1 cannot be used with an SSLCommerz store');
    if (!e.PUBLIC_URL) throw new ConfigError('Invalid configuration: PUBLIC_URL must be set with the SSLCommerz settings (SSLCommerz sends shoppers and its IPN back to it)');
    const baseUrl = e.SSLCOMMERZ_BASE_URL ?? (e.SSLCOMMERZ_LIVE ? SSLCOMMERZ_LIVE_URL : SSLCOMMERZ_SANDBOX_URL);
    if (isProduction && baseUrl === SSLCOMMERZ_SANDBOX_URL) throw new ConfigError('Invalid configuration: SSLCommerz\'s sandbox is not allowed in production: set SSLCOMMERZ_LIVE=1 with a live store');
    return { mode: 'store', baseUrl, storeId, storePasswd, publicUrl: e.PUBLIC_URL };
  }
  if (isProduction) {
    if (e.SSLCOMMERZ_SANDBOX) throw new ConfigError('Invalid configuration: SSLCOMMERZ_SANDBOX=1 is for the demo and not allowed in production');
    return null;
  }
  return (e.SSLCOMMERZ_SANDBOX ?? (e.NODE_ENV === 'development' && seedDemo)) ? { mode: 'sandbox', publicUrl: e.PUBLIC_URL } : null;
}
