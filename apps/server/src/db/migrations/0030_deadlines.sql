-- Issue 27 (decision 0076): the deadlines of the Digital Commerce Operation
-- Guidelines 2021 as the shop's settings (defaults from GUIDELINE_DEFAULTS in
-- packages/shared/src/guidelines.ts), and what the overdue count reads.
ALTER TABLE "shop_settings" ADD COLUMN "handover_hours" integer DEFAULT 48 NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "delivery_days_inside_dhaka" integer DEFAULT 5 NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "delivery_days_outside_dhaka" integer DEFAULT 10 NOT NULL;
--> statement-breakpoint
-- The Dhaka day whose overdue notice to the owner was decided (sent, or nothing was overdue): once a day.
ALTER TABLE "shop_settings" ADD COLUMN "overdue_notice_day" date;
--> statement-breakpoint
-- The Dhaka address rule (packages/shared/src/dhaka.ts) is JavaScript: its answer is kept with the order when it is
-- placed, so the overdue count can read it. Null for orders placed before this migration until the deadlines job
-- fills them in (modules/deadlines, fillInsideDhaka).
ALTER TABLE "orders" ADD COLUMN "inside_dhaka" boolean;
--> statement-breakpoint
CREATE INDEX "orders_inside_dhaka_unknown_idx" ON "orders" ("id") WHERE "inside_dhaka" IS NULL;
--> statement-breakpoint
-- The open orders by placement, with what the due times read: the overdue count is an index-only range scan.
CREATE INDEX "orders_open_due_idx" ON "orders" ("created_at") INCLUDE ("id", "payment_status", "payment_state", "paid_at", "inside_dhaka") WHERE "status" = 'Pending';
