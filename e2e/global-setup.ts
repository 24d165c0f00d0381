import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startSteadfastFake } from '../apps/server/test/fakes/steadfast';

/**
 * A real SMTP server for the journeys that read e-mail (password recovery).
 * scripts/e2e.mjs picks its port before Playwright starts, so the config can
 * hand SMTP_URL to the server under test; each message received is written to
 * E2E_DATA_DIR/smtp-received/ for the specs to read.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_SMTP_PORT);
  const dataDir = process.env.E2E_DATA_DIR;
  if (!port || !dataDir) return;
  // The courier the shop books with; specs drive it over HTTP (POST /__fake/...).
  const steadfastPort = Number(process.env.E2E_STEADFAST_PORT);
  const steadfast = steadfastPort ? await startSteadfastFake({ port: steadfastPort }) : null;
  const inbox = path.join(dataDir, 'smtp-received');
  mkdirSync(inbox, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        writeFileSync(path.join(inbox, `${Date.now()}-${++count}.eml`), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return async () => {
    await steadfast?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
