-- Issue 13 (ops): orders keyed in by the admin from a phone call or Messenger are
-- marked 'admin' and carry the buyer's name (a guest order has none otherwise);
-- order_events keeps what happened to an order besides its status, starting with
-- each SMS sent or failed, so the admin can see it on the order card.
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");
