-- Issue 26, decision 0061: one-time codes sent by SMS to a mobile number, for
-- signing in ('login'), adding a mobile to an account ('verify') and confirming
-- a cash-on-delivery order ('cod'). Only an HMAC of the code bound to its row is
-- stored; the rows of the last day are the per-number and per-address caps.
CREATE TABLE "mobile_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mobile_codes_mobile_idx" ON "mobile_codes" USING btree ("mobile","purpose","created_at");
--> statement-breakpoint
CREATE INDEX "mobile_codes_ip_idx" ON "mobile_codes" USING btree ("ip","created_at");
--> statement-breakpoint
CREATE INDEX "mobile_codes_created_idx" ON "mobile_codes" USING btree ("created_at");
