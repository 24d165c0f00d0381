-- Issue 18, decision 0045: refresh tokens rotate on every refresh (the replaced
-- token is kept, hashed, to recognise its reuse); wrong passwords are capped per
-- e-mail per day; a one-time code by e-mail signs the owner in past that cap.
ALTER TABLE "refresh_sessions" ADD COLUMN "previous_token_hash" text;
--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD COLUMN "rotated_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "refresh_sessions_previous_token_idx" ON "refresh_sessions" USING btree ("previous_token_hash");
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_failures_window_idx" ON "login_failures" USING btree ("window_started_at");
--> statement-breakpoint
CREATE TABLE "login_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_codes" ADD CONSTRAINT "login_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "login_codes_user_idx" ON "login_codes" USING btree ("user_id","created_at");
