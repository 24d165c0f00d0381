/** The users module's jobs: the account mails and the invited staff member's SMS (the list of every kind: job-kinds.ts). */
export { MAIL_JOBS } from './service';
export { staffInviteSmsJob } from './routes';
