import { defineConfig, devices } from '@playwright/test';

/**
 * scripts/e2e.mjs picks a free port and a fresh DATA_DIR, then runs this.
 * The server is the built app (SPA + API) on a fresh in-memory database.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  // Starts the SMTP server that receives the app's mail (see scripts/e2e.mjs).
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: 'npm run start -w apps/server',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      DATA_DIR: process.env.E2E_DATA_DIR ?? '',
      NODE_ENV: 'test',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      SMTP_URL: process.env.E2E_SMTP_URL ?? '',
      // The fake Steadfast of e2e/global-setup.ts (its documented API on a local port); the keys are the fake's.
      ...(process.env.E2E_STEADFAST_PORT
        ? {
            STEADFAST_BASE_URL: `http://127.0.0.1:${process.env.E2E_STEADFAST_PORT}/api/v1`,
            STEADFAST_API_KEY: 'fake-steadfast-api-key',
            STEADFAST_SECRET_KEY: 'fake-steadfast-secret-key',
            STEADFAST_WEBHOOK_TOKEN: 'e2e-steadfast-webhook-token',
          }
        : {}),
    },
  },
});
