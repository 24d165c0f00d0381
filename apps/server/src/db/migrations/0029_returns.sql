-- Returns, exchanges and refunds (issue 27, decision 0075).
-- The shop's return window in days after delivery (the guidelines' default, GUIDELINE_DEFAULTS.returnWindowDays).
ALTER TABLE "shop_settings" ADD COLUMN "return_window_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
-- When the order was first delivered: the return window counts from it. Orders delivered before this
-- migration take their last change as the best time known.
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "delivered_at" = "updated_at" WHERE "status" = 'Delivered';--> statement-breakpoint
-- How many of a line came back into stock through a return; the order holds stock only for the rest.
ALTER TABLE "order_items" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_returned_check" CHECK ("returned_quantity" >= 0 AND "returned_quantity" <= "quantity");--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"lang" text DEFAULT 'bn' NOT NULL,
	"decision_note" text DEFAULT '' NOT NULL,
	"pickup" text,
	"replacement_order_id" text REFERENCES "orders"("id") ON DELETE SET NULL,
	"decided_by" text DEFAULT '' NOT NULL,
	"received_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	CONSTRAINT "order_returns_kind_check" CHECK ("kind" IN ('return', 'exchange')),
	CONSTRAINT "order_returns_source_check" CHECK ("source" IN ('shopper', 'courier')),
	CONSTRAINT "order_returns_state_check" CHECK ("state" IN ('requested', 'approved', 'rejected', 'received')),
	CONSTRAINT "order_returns_lang_check" CHECK ("lang" IN ('bn', 'en')),
	CONSTRAINT "order_returns_pickup_check" CHECK ("pickup" IS NULL OR "pickup" IN ('courier', 'manual'))
);--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id", "created_at");--> statement-breakpoint
CREATE INDEX "order_returns_state_idx" ON "order_returns" USING btree ("state", "created_at");--> statement-breakpoint
CREATE INDEX "order_returns_created_idx" ON "order_returns" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "order_return_items" (
	"return_id" text NOT NULL REFERENCES "order_returns"("id") ON DELETE CASCADE,
	"order_item_id" text NOT NULL REFERENCES "order_items"("id") ON DELETE CASCADE,
	"quantity" integer NOT NULL,
	"wanted_variant_id" text,
	CONSTRAINT "order_return_items_pkey" PRIMARY KEY ("return_id", "order_item_id"),
	CONSTRAINT "order_return_items_quantity_check" CHECK ("quantity" > 0)
);--> statement-breakpoint
CREATE INDEX "order_return_items_item_idx" ON "order_return_items" USING btree ("order_item_id");--> statement-breakpoint
-- Every refund, by bKash or by hand; due_at is when it must be done by (deadlines count overdue ones from it).
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"return_id" text REFERENCES "order_returns"("id") ON DELETE SET NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"state" text DEFAULT 'due' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"trx_id" text DEFAULT '' NOT NULL,
	"by_id" text DEFAULT '' NOT NULL,
	"by_name" text DEFAULT '' NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_method_check" CHECK ("method" IN ('bkash', 'cash', 'bkash_manual', 'rocket', 'nagad')),
	CONSTRAINT "refunds_state_check" CHECK ("state" IN ('due', 'done', 'failed')),
	CONSTRAINT "refunds_amount_check" CHECK ("amount" > 0)
);--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id", "created_at");--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("due_at") WHERE "state" = 'due';--> statement-breakpoint
CREATE INDEX "refunds_done_idx" ON "refunds" USING btree ("done_at") WHERE "state" = 'done';
