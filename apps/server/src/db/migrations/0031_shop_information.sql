-- Issue 27, "what the shop shows" (decision 0077): the business details the
-- guidelines ask a shop to show (trade licence, DBID, BIN, address) and the VAT
-- rate its Mushak-6.3 invoice uses; the owner's policy pages (no row: the
-- default text); shoppers' complaints with their due time; and the consent an
-- order was placed with (null: an order from before, a phone order, or a
-- specification client that does not send consent).
ALTER TABLE "shop_settings" ADD COLUMN "trade_licence" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "dbid" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "bin" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "business_address" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "business_address_bn" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "vat_rate_tenths" integer DEFAULT 150 NOT NULL CONSTRAINT "shop_settings_vat_rate_check" CHECK ("vat_rate_tenths" BETWEEN 0 AND 1000);
--> statement-breakpoint
CREATE TABLE "shop_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_bn" text NOT NULL,
	"body_en" text NOT NULL,
	"body_bn" text NOT NULL,
	"version" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_pages_slug_check" CHECK ("slug" IN ('terms', 'returns', 'delivery', 'privacy'))
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"order_ref" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"acted_at" timestamp with time zone,
	"acted_by" text,
	"action_note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "complaints_open_due_idx" ON "complaints" ("due_at") WHERE "acted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "complaints_created_idx" ON "complaints" ("created_at");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "consent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "consent_terms_version" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "consent_privacy_version" integer;
