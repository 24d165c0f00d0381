-- Issue 45, first half (decisions 0116, 0117): back-in-stock alerts and checkout recovery.
--
-- A shopper's "tell me when it is back" on a sold-out variant (every product has at least its default variant,
-- decision 0109). One waiting request per variant and mobile. When a variant's stock rises, whoever raised it (the
-- product form, the CSV import, a cancel, a return's receipt, an order's stock given back), the trigger below marks the
-- oldest waiting requests "due", as many as the units that came back, in the same statement's transaction; a periodic
-- job then queues their SMS in that order (modules/stock-alerts).
CREATE TABLE "stock_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"variant_id" text NOT NULL REFERENCES "product_variants"("id") ON DELETE CASCADE,
	"mobile" text NOT NULL,
	"user_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"lang" text DEFAULT 'bn' NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"outcome" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_waiting_key" ON "stock_alerts" ("variant_id", "mobile") WHERE "status" = 'waiting';
--> statement-breakpoint
CREATE INDEX "stock_alerts_variant_idx" ON "stock_alerts" ("variant_id", "status", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "stock_alerts_due_idx" ON "stock_alerts" ("status", "due_at") WHERE "status" = 'due';
--> statement-breakpoint
CREATE FUNCTION "haat_stock_alerts_due"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Each variant whose stock rose: its oldest waiting requests, at most as many as the units that came back
	-- (counted from 0: a negative stock never counts). Row locks of the variant serialise concurrent restocks.
	WITH risen AS (
		SELECT n."id", n."stock" - GREATEST(o."stock", 0) AS units
		FROM new_rows n JOIN old_rows o ON o."id" = n."id"
		WHERE n."stock" > GREATEST(o."stock", 0)
	), ranked AS (
		SELECT a."id", r.units, row_number() OVER (PARTITION BY a."variant_id" ORDER BY a."created_at", a."id") AS place
		FROM "stock_alerts" a JOIN risen r ON r."id" = a."variant_id"
		WHERE a."status" = 'waiting'
	)
	UPDATE "stock_alerts" s SET "status" = 'due', "due_at" = clock_timestamp()
	FROM ranked WHERE s."id" = ranked."id" AND ranked.place <= ranked.units;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_alerts" AFTER UPDATE ON "product_variants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "haat_stock_alerts_due"();
--> statement-breakpoint
-- Checkout recovery: the owner's settings (off until turned on), then one row per SMS of an incomplete checkout.
ALTER TABLE "shop_settings" ADD COLUMN "recovery_on" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "recovery_delays_hours" integer[] DEFAULT '{1,24,72}'::integer[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "recovery_voucher_taka" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "recovery_voucher_min_subtotal" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "recovery_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"phone" text NOT NULL,
	"step" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"recovered_order_id" text,
	"recovered_total" integer,
	"voucher_code" text,
	"outcome" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_sends_step_key" ON "recovery_sends" ("checkout_id", "step");
--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_sends_token_key" ON "recovery_sends" ("token_hash");
--> statement-breakpoint
CREATE INDEX "recovery_sends_phone_idx" ON "recovery_sends" ("phone", "sent_at");
--> statement-breakpoint
CREATE TABLE "recovery_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A signed-in shopper's wishlist (a guest's is kept in the browser and merged at sign-in).
CREATE TABLE "wishlist_items" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"product_id" text NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"variant_id" text NOT NULL REFERENCES "product_variants"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "variant_id")
);
