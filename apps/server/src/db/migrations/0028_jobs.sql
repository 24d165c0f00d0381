-- Issue 24 (decision 0073): durable jobs. A job is written in the transaction
-- of the change that causes it and claimed by one worker at a time
-- (FOR UPDATE SKIP LOCKED); a claim holds a lease, so a crashed worker's job is
-- taken again once the lease runs out. Done jobs are kept a day; failed ones
-- until the owner retries them.
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"last_error" text,
	"singleton_key" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK ("state" IN ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" ("queue", "run_at") WHERE "state" IN ('queued', 'running');
--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" ("queue", "finished_at") WHERE "state" = 'failed';
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_idx" ON "jobs" ("queue", "singleton_key") WHERE "state" IN ('queued', 'running');
