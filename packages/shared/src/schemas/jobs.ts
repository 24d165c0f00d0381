import { z } from 'zod';
import { envelope } from './reply';

/** A durable job that failed for good (decision 0073), as the owner sees it. */
export const failedJobSchema = z.object({
  id: z.string(),
  /** What it was: mail.password-reset, sms.order, courier.poll… */
  name: z.string(),
  payload: z.record(z.string(), z.unknown()),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  failed_at: z.string().nullable(),
});

/** A job claimed beside a batch that waited past half its lease is failed unrun and tried again (decision 0106); its last error, shown to the owner, in both languages. */
export const JOB_HELD_PAST_LEASE = 'not run: held past half its lease behind the jobs queued before it';

export const failedJobsReplySchema = envelope(z.array(failedJobSchema));
export const jobRetriedReplySchema = envelope(z.object({ id: z.string() }));
export type FailedJob = z.infer<typeof failedJobSchema>;
