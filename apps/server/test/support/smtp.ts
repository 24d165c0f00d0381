import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
}

export interface SmtpCatcher {
  port: number;
  /** The SMTP_URL that sends to it. */
  url: string;
  /** Every message received, oldest first. */
  received: CaughtMail[];
  /** Messages to an address. */
  mailsTo(email: string): CaughtMail[];
  /** While a gate is set, each message is held until it resolves (to test mail sent after the answer). */
  hold(gate: Promise<void> | null): void;
  close(): Promise<void>;
}

/** The 6-digit code in a reset e-mail. */
export const codeIn = (raw: string) => /Your code is (\d{6})/.exec(raw)?.[1];

/**
 * A real SMTP server the app sends to through SMTP_URL: the server tests run
 * it in-process, and the e2e suite's global setup runs it for the server under
 * test, writing each message to `inbox` (a folder the specs read) as well.
 */
export async function startSmtpCatcher(options: { port?: number; inbox?: string } = {}): Promise<SmtpCatcher> {
  const received: CaughtMail[] = [];
  let gate: Promise<void> | null = null;
  if (options.inbox) mkdirSync(options.inbox, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void (gate ?? Promise.resolve()).then(() => {
          const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') };
          received.push(mail);
          if (options.inbox) {
            writeFileSync(path.join(options.inbox, `${Date.now()}-${++count}.eml`), `X-Envelope-To: ${mail.to.join(',')}\r\n${mail.raw}`);
          }
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailsTo: (email) => received.filter((m) => m.to.includes(email)),
    hold: (next) => {
      gate = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
