-- bKash tokenized checkout (issue 12, decision 0029): an order paid through the
-- gateway waits in payment_state 'awaiting' until bKash confirms it ('paid'),
-- refuses it or it expires ('failed'), or it is refunded ('refunded').
ALTER TABLE "orders" ADD COLUMN "payment_state" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gateway_payment_id" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_url" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trx_id" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_amount" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_trx_id" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reason" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_gateway_payment_id_key" ON "orders" USING btree ("gateway_payment_id");
--> statement-breakpoint
-- The expiry sweep reads only the few orders still waiting for bKash.
CREATE INDEX "orders_awaiting_payment_idx" ON "orders" USING btree ("created_at") WHERE "payment_state" = 'awaiting';
