-- Issue 41, decision 0092. A web cash-on-delivery order keeps the address it came from and whether its mobile was
-- confirmed (an SMS code, or the account's verified mobile): the caps on open, unconfirmed COD orders count by them.
ALTER TABLE "orders" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_open_cod_ip_idx" ON "orders" USING btree ("client_ip") WHERE "status" = 'Pending' AND "cod_confirmed" = false;--> statement-breakpoint
-- Every SMS the shop sends, a day of rows: the per-number cap and the shop's daily budget count them.
CREATE TABLE "sms_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "sms_sends_mobile_idx" ON "sms_sends" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE INDEX "sms_sends_created_idx" ON "sms_sends" USING btree ("created_at");--> statement-breakpoint
-- When the Owners were last told the daily budget is nearly spent: at most one alert a day.
CREATE TABLE "sms_budget_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
