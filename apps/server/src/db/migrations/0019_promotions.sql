-- Issue 22 (decision 0059): promotions. A promotion's code is stored upper
-- case (codes are case-insensitive) and unique among promotions with a code.
-- promotion_uses holds one row per order and promotion, and is the one count
-- of uses: a promotion's "used" is its rows not given back (released_at null),
-- read under the promotion's row lock in the order's transaction; by phone and
-- by account for the per-customer limit. released_at is set once when the
-- order is cancelled, returned or expires unpaid.
CREATE TABLE "promotions" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_bn" text DEFAULT '' NOT NULL,
	"code" text,
	"kind" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"buy_qty" integer DEFAULT 0 NOT NULL,
	"get_qty" integer DEFAULT 0 NOT NULL,
	"scope_kind" text DEFAULT 'order' NOT NULL,
	"scope_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_subtotal" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"combines" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_key" ON "promotions" USING btree ("code") WHERE "code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "promotions_running_idx" ON "promotions" USING btree ("ends_at") WHERE "active" AND "code" IS NULL;--> statement-breakpoint
CREATE TABLE "promotion_uses" (
	"id" text PRIMARY KEY NOT NULL,
	"promotion_id" text NOT NULL REFERENCES "promotions"("id") ON DELETE cascade,
	"order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"phone" text,
	"user_id" text,
	"saving" integer DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_uses_order_key" ON "promotion_uses" USING btree ("order_id","promotion_id");--> statement-breakpoint
CREATE INDEX "promotion_uses_phone_idx" ON "promotion_uses" USING btree ("promotion_id","phone") WHERE "released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "promotion_uses_user_idx" ON "promotion_uses" USING btree ("promotion_id","user_id") WHERE "released_at" IS NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "promotion_discount" integer DEFAULT 0 NOT NULL;
