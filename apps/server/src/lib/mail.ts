import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { writeToOutbox } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A one-time code in the message (never logged: read it from the outbox file). */
  code?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP_URL set: nodemailer sends over SMTP. Unset: each message is written as
 * an .eml file to DATA_DIR/outbox/ and its subject and file are logged (never the code).
 */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR' | 'isProduction'>, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) {
    // Bounded waits (nodemailer's socket default is an hour): a send fits the mail jobs' one-minute lease (jobs.ts).
    const transport = nodemailer.createTransport({ url: config.SMTP_URL, dnsTimeout: 10_000, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    return {
      async send(m) {
        await transport.sendMail({ from: config.MAIL_FROM, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, to: m.to, subject: m.subject, text: m.text, html: m.html });
      const { file } = await writeToOutbox(config.DATA_DIR, '.eml', info.message as Buffer);
      // Never the one-time code: logs travel further than the server's disk. The .eml file holds it.
      log.info({ to: m.to, subject: m.subject, file }, `mail written to outbox: ${m.subject}`);
    },
    close: () => transport.close(),
  };
}
