import type { JobKind, PeriodicJobKind } from './lib/jobs';
import { bookingJob, courierPollJob } from './modules/courier/index';
import { overdueNoticeJob } from './modules/deadlines/index';
import { orderSmsJob, ownerMailJob, ownerSmsJob } from './modules/notify/index';
import { gaPurchaseJob, metaBrowserEventJob, metaPurchaseJob } from './modules/ads/index';
import { chatLinkSmsJob } from './modules/orders/index';
import { expirySweepJob, refundJob } from './modules/payments/index';
import { settlementsPullJob } from './modules/settlements/index';
import { recoverySmsJob, recoverySweepJob } from './modules/recovery/index';
import { stockAlertQueueJob, stockAlertSmsJob } from './modules/stock-alerts/index';
import { reviewRequestJob } from './modules/reviews/index';
import { MAIL_JOBS, staffInviteSmsJob } from './modules/users/index';

/**
 * Every kind of durable job the shop queues (decision 0106), each defined once by the module that owns it with
 * `defineJob` (payload schema, attempts, back-off, lease) and handled there; pg-boss keeps a queue of each
 * (`JOBS_QUEUE/name`). A new kind is added here too: a test holds that the app handles exactly these.
 */
export const JOB_KINDS: readonly JobKind[] = [
  orderSmsJob,
  ownerSmsJob,
  ownerMailJob,
  MAIL_JOBS.registerAttempt,
  MAIL_JOBS.loginCode,
  MAIL_JOBS.passwordReset,
  staffInviteSmsJob,
  bookingJob,
  refundJob,
  stockAlertSmsJob,
  recoverySmsJob,
  chatLinkSmsJob,
  metaPurchaseJob,
  gaPurchaseJob,
  metaBrowserEventJob,
  reviewRequestJob,
];

/** Periodic work: run about every so often, once across the shop's processes (cron schedules). */
export const PERIODIC_JOB_KINDS: readonly PeriodicJobKind[] = [
  expirySweepJob,
  courierPollJob,
  overdueNoticeJob,
  settlementsPullJob,
  stockAlertQueueJob,
  recoverySweepJob,
];
