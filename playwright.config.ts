import { defineConfig, devices } from '@playwright/test';
import { shop, shopClockEnv, shops } from './e2e/shop';

/**
 * scripts/e2e.mjs picks the shops' ports and data folders (one shop per worker, e2e/shop.ts), then runs this.
 * Each shop is the built app (SPA + API) on a fresh in-memory database with the demo seeded.
 */
const url = (port: number) => `http://127.0.0.1:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  // Starts the SMTP server that receives the app's mail (see scripts/e2e.mjs).
  globalSetup: './e2e/global-setup.ts',
  // A file's tests run in order in one worker; files are shared out among the workers, each with its own shop.
  fullyParallel: false,
  workers: shops.length,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: url(shop.port),
    // A failure keeps its screenshot. The full trace (DOM snapshots and a screencast of every step) is recorded only
    // when asked, E2E_TRACE=1: recording it for every journey cost 23 % of the suite's CPU (157 → 204 CPU-s on three
    // specs, decision 0087), for traces thrown away whenever a journey passes.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: shops.map((each) => ({
    command: 'npm run start -w apps/server',
    url: `${url(each.port)}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(each.port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      DATA_DIR: each.dataDir,
      NODE_ENV: 'test',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // Every journey's shopper comes from 127.0.0.1 with a few mobiles, for a whole run: the caps on open COD orders
      // and on texts per number (decision 0092, proved by cod-risk.test.ts and sms-caps.test.ts) would refuse them.
      COD_OPEN_PER_MOBILE: 'off',
      COD_OPEN_PER_ADDRESS: 'off',
      SMS_PER_NUMBER_DAILY: '1000',
      // E2E_CLOCK_AHEAD_DAYS: the shop's clock that far ahead (e2e/shop.ts).
      ...shopClockEnv,
      SMTP_URL: each.smtpPort ? `smtp://127.0.0.1:${each.smtpPort}` : '',
      // The shop's fake Steadfast (e2e/global-setup.ts: its documented API on a local port); the keys are the fake's.
      ...(each.steadfastPort
        ? {
            STEADFAST_BASE_URL: `http://127.0.0.1:${each.steadfastPort}/api/v1`,
            STEADFAST_API_KEY: 'fake-steadfast-api-key',
            STEADFAST_SECRET_KEY: 'fake-steadfast-secret-key',
            STEADFAST_WEBHOOK_TOKEN: 'e2e-steadfast-webhook-token',
          }
        : {}),
      // The shop's fake RedX (issue 46): its documented API on a local port; the token and store are the fake's.
      ...(each.redxPort
        ? {
            REDX_BASE_URL: `http://127.0.0.1:${each.redxPort}/v1.0.0-beta`,
            REDX_ACCESS_TOKEN: 'fake-redx-jwt.eyJtZXJjaGFudCI6NDJ9.sig',
            REDX_PICKUP_STORE_ID: '7001',
            REDX_PICKUP_AREA_ID: '3',
            REDX_WEBHOOK_TOKEN: 'e2e-redx-webhook-token-000',
          }
        : {}),
      // The shop's fake Paperfly (decision 0129): its API on a local port; the credentials and pickup store are the fake's.
      ...(each.paperflyPort
        ? {
            PAPERFLY_BASE_URL: `http://127.0.0.1:${each.paperflyPort}`,
            PAPERFLY_USERNAME: 'haat-merchant',
            PAPERFLY_PASSWORD: 'fake-paperfly-pass',
            PAPERFLY_KEY: 'Paperfly_fake~Key42',
            PAPERFLY_PICKUP_NAME: 'Haat Dhanmondi',
            PAPERFLY_PICKUP_ADDRESS: 'House 12, Road 4, Dhanmondi',
            PAPERFLY_PICKUP_THANA: 'Dhanmondi',
            PAPERFLY_PICKUP_DISTRICT: 'Dhaka',
            PAPERFLY_PICKUP_PHONE: '01700000000',
            PAPERFLY_WEBHOOK_SECRET: 'e2e-paperfly-webhook-secret-00',
          }
        : {}),
      // The shop's fake Meta Conversions API (decision 0131): the Pixel's server copies land there, never at Meta.
      ...(each.metaPort ? { META_GRAPH_URL: `http://127.0.0.1:${each.metaPort}` } : {}),
    },
  })),
});
