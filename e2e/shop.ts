/**
 * The shop this Playwright process talks to (scripts/e2e.mjs starts one per worker): the runner starts them all
 * (playwright.config.ts' webServer), and each worker takes the one of its parallel index, which stays with the
 * slot when a worker is replaced after a failure. Its settings are also put where the specs read them
 * (E2E_PORT, E2E_DATA_DIR, E2E_SMTP_URL, E2E_STEADFAST_PORT), before any spec module runs: the config is loaded
 * first in every worker.
 */
export interface Shop {
  port: number;
  /** DATA_DIR: its outbox (SMS), SMTP inbox and uploads. */
  dataDir: string;
  smtpPort: number;
  steadfastPort: number;
  /** The fake RedX's port (issue 46); 0 or absent: the shop has no RedX. */
  redxPort?: number;
  /** The fake Paperfly's port (decision 0129); 0 or absent: the shop has no Paperfly. */
  paperflyPort?: number;
  /** The fake Meta Conversions API's port (decision 0131); 0 or absent: the Graph API's default address. */
  metaPort?: number;
}

/** Every shop of the run; one on port 4173 when Playwright is run by hand without scripts/e2e.mjs. */
export const shops: Shop[] = process.env.E2E_SHOPS ? (JSON.parse(process.env.E2E_SHOPS) as Shop[]) : [{ port: 4173, dataDir: '', smtpPort: 0, steadfastPort: 0 }];

/** This worker's shop (the runner's own process, which has no index, is told of all of them). */
export const shop: Shop = shops[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % shops.length]!;

process.env.E2E_PORT = String(shop.port);
process.env.E2E_DATA_DIR = shop.dataDir;
if (shop.smtpPort) process.env.E2E_SMTP_URL = `smtp://127.0.0.1:${shop.smtpPort}`;
if (shop.steadfastPort) process.env.E2E_STEADFAST_PORT = String(shop.steadfastPort);
if (shop.redxPort) process.env.E2E_REDX_PORT = String(shop.redxPort);
if (shop.paperflyPort) process.env.E2E_PAPERFLY_PORT = String(shop.paperflyPort);
if (shop.metaPort) process.env.E2E_META_PORT = String(shop.metaPort);

/**
 * E2E_CLOCK_AHEAD_DAYS=365: the whole run a year ahead (issue 38: no test may expire). The shops run under
 * libfaketime (Debian's `faketime` package; monotonic time left alone, so timers keep their pace) and every
 * test's browser context installs Playwright's clock as far ahead, so pages and server agree on the date.
 * Chromium itself cannot run under libfaketime (it loads nothing).
 */
export const clockAheadMs = Number(process.env.E2E_CLOCK_AHEAD_DAYS ?? 0) * 24 * 60 * 60 * 1000;
export const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
export const shopClockEnv: Record<string, string> = clockAheadMs
  ? { FAKETIME: `+${process.env.E2E_CLOCK_AHEAD_DAYS}d`, FAKETIME_DONT_FAKE_MONOTONIC: '1', LD_PRELOAD: LIBFAKETIME }
  : {};

/** The shops' time now: a date a spec types or sets must be computed from it, not from this process's clock. */
export const shopNow = (): number => Date.now() + clockAheadMs;
