-- Issue 26 (decision 0062): fewer fake cash-on-delivery orders. shop_settings
-- gains the owner's rule for when a guest's COD order needs its mobile
-- confirmed by an SMS code ('always', 'never', or 'rules': from a risk level
-- of the COD risk check and/or above a total; cod_confirm_above null = not by
-- total). cod_blocks holds the mobiles (01XXXXXXXXX) that may not pay cash on
-- delivery, with the owner's reason. incomplete_checkouts holds one row per
-- mobile typed at checkout without an order yet: the cart lines and the
-- shopper's language; the order placed for that mobile removes it, and rows
-- untouched for 30 days are deleted by the hourly sweep.
ALTER TABLE "shop_settings" ADD COLUMN "cod_confirm_mode" text DEFAULT 'rules' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_confirm_risk" text DEFAULT 'high' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_confirm_above" integer DEFAULT 5000;
--> statement-breakpoint
CREATE TABLE "cod_blocks" (
	"phone" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incomplete_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"lines" jsonb NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "incomplete_checkouts_phone_key" ON "incomplete_checkouts" USING btree ("phone");
--> statement-breakpoint
CREATE INDEX "incomplete_checkouts_updated_idx" ON "incomplete_checkouts" USING btree ("updated_at");
