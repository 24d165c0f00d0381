import path from 'node:path';
import { startSmtpCatcher } from '../apps/server/test/support/smtp';
import { startSteadfastFake } from '../apps/server/test/fakes/steadfast';

/**
 * A real SMTP server for the journeys that read e-mail (password recovery):
 * the server tests' SMTP catcher. scripts/e2e.mjs picks its port before
 * Playwright starts, so the config can hand SMTP_URL to the server under test;
 * each message received is written to E2E_DATA_DIR/smtp-received/ for the
 * specs to read (fixtures.ts: `latestCode`).
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_SMTP_PORT);
  const dataDir = process.env.E2E_DATA_DIR;
  if (!port || !dataDir) return;
  // The courier the shop books with; specs drive it over HTTP (POST /__fake/...).
  const steadfastPort = Number(process.env.E2E_STEADFAST_PORT);
  const steadfast = steadfastPort ? await startSteadfastFake({ port: steadfastPort }) : null;
  const catcher = await startSmtpCatcher({ port, inbox: path.join(dataDir, 'smtp-received') });
  return async () => {
    await steadfast?.close();
    await catcher.close();
  };
}
