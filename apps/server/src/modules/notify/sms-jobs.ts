import type { FastifyBaseLogger } from 'fastify';
import { PermanentJobError, type JobRun, type Jobs, type PeriodicJobKind } from '../../lib/jobs';
import { smsRetryable } from '../../lib/sms';

/** What a one-SMS job records of its try: what a failure the queue will try again undoes, and a final failure. */
export interface SmsJobOutcome {
  /** Before the queue tries again: undo what this try marked, so the next one decides afresh. */
  retry?: () => Promise<unknown>;
  /** A refusal, or the last try failed: record why on the job's row. */
  fail: (reason: string) => Promise<unknown>;
}

/**
 * The tail every one-SMS job shares (decision 0126): `send` (the SMS and its "sent" mark) runs; a failure the
 * gateway may get past (smsRetryable) is thrown for the queue to try again while tries remain; a refusal or the last
 * failure is recorded and ends the job failed (PermanentJobError), for the owner's failed-jobs page.
 */
export async function sendSmsOrSettle(job: Pick<JobRun, 'attempt' | 'maxAttempts'>, send: () => Promise<unknown>, outcome: SmsJobOutcome): Promise<void> {
  try {
    await send();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (smsRetryable(err) && job.attempt < job.maxAttempts) {
      await outcome.retry?.();
      throw err;
    }
    await outcome.fail(reason);
    throw new PermanentJobError(reason);
  }
}

/** The periodic job that queues the SMS now due, once a minute, logging how many it queued (`what`). */
export function queueSmsEveryMinute(jobs: Jobs, kind: PeriodicJobKind, queueDue: () => Promise<number>, log: Pick<FastifyBaseLogger, 'info'>, what: string): void {
  jobs.every(kind, 60_000, async () => {
    const queued = await queueDue();
    if (queued > 0) log.info({ queued }, `${what} queued`);
  });
}
