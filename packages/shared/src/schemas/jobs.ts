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

export const failedJobsReplySchema = envelope(z.array(failedJobSchema));
export const jobRetriedReplySchema = envelope(z.object({ id: z.string() }));
export type FailedJob = z.infer<typeof failedJobSchema>;
