import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { defineJob, MESSAGE_LEASE_SECONDS, PermanentJobError, type Jobs } from '../../lib/jobs';
import type { MailMessage, Mailer } from '../../lib/mail';
import { smsRetryable, type SmsSender } from '../../lib/sms';

/**
 * The shop's Owners told of something that needs them: the daily notice of
 * overdue orders (decision 0076), a shopper's complaint (decision 0081). Each
 * active Owner (ADMIN) account gets an SMS at its mobile and a mail at its
 * e-mail, as durable jobs of their own queued in the caller's transaction: they
 * go out once it commits, and never when it rolls back.
 */

/** An Owner's SMS: tried 3 times. The jobs' names are the daily notice's, where they started: jobs queued before they moved here still run. */
export const ownerSmsJob = defineJob('deadlines.notice-sms', z.object({ to: z.string(), text: z.string() }), { attempts: 3, leaseSeconds: MESSAGE_LEASE_SECONDS });
/** An Owner's mail: tried 5 times. */
export const ownerMailJob = defineJob('deadlines.notice-mail', z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string() }), { attempts: 5, leaseSeconds: MESSAGE_LEASE_SECONDS });

export interface OwnerNotice {
  /** In Bengali, as the shop's other SMS (a masked sender may only send Bengali); none: mail only. */
  sms?: string;
  mail: Omit<MailMessage, 'to' | 'code'>;
}

/** Queues the notice to every active Owner in db's transaction; answers how many messages were queued (0: no Owner has a mobile or an e-mail). */
export async function notifyOwners(deps: { jobs: Jobs; log: FastifyBaseLogger }, db: DbOrTx, notice: OwnerNotice, what: string): Promise<number> {
  const owners = ((await db.execute(sql`SELECT email, mobile FROM users WHERE role = 'ADMIN' AND status = 'Active' ORDER BY created_at, id`)) as unknown as { rows: { email: string | null; mobile: string | null }[] }).rows;
  let sent = 0;
  for (const owner of owners) {
    if (owner.mobile && notice.sms) sent += (await ownerSmsJob.enqueue(deps.jobs, db, { to: owner.mobile, text: notice.sms })) ? 1 : 0;
    if (owner.email) sent += (await ownerMailJob.enqueue(deps.jobs, db, { to: owner.email, ...notice.mail })) ? 1 : 0;
  }
  if (sent === 0) deps.log.warn({ what }, 'no active Owner account has a mobile or an e-mail to tell');
  return sent;
}

/** The jobs' handlers: the SMS through the shop's sender, the mail through its mailer. */
export function handleOwnerNotices(deps: { jobs: Jobs; sms: SmsSender; mailer: Mailer }): void {
  deps.jobs.handle(ownerSmsJob, async ({ to, text }) => {
    // A refusal (the number's cap, the shop's budget: decision 0092) does not change on a retry; the mail still goes.
    await deps.sms.send({ to, text, kind: 'owner' }).catch((err: unknown) => {
      throw smsRetryable(err) ? err : new PermanentJobError(err instanceof Error ? err.message : String(err));
    });
  });
  deps.jobs.handle(ownerMailJob, (m) => deps.mailer.send(m));
}
