-- Issue 45 (decision 0118): checkout links for chat orders. Staff build a cart on the phone-order page; the buyer
-- opens it by its token, types the address and places the order as their own, once. `fingerprint` is the lines'
-- prices when staff made or refreshed the link: a link whose prices differ now, or whose stock is short, is refused
-- until staff refresh it. `order_id` is set in the order's own transaction, only while it is null: a second
-- confirmation (even a concurrent one) finds it set and rolls its order back.
CREATE TABLE "chat_links" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"lines" jsonb NOT NULL,
	"voucher_code" text DEFAULT '' NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"fingerprint" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" text,
	"used_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_links_token_key" UNIQUE ("token"),
	CONSTRAINT "chat_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE SET NULL,
	CONSTRAINT "chat_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL
);
--> statement-breakpoint
CREATE INDEX "chat_links_created_idx" ON "chat_links" ("created_at");
--> statement-breakpoint
-- How many hours a link lasts, the owner's choice.
ALTER TABLE "shop_settings" ADD COLUMN "chat_link_hours" integer DEFAULT 48 NOT NULL;
--> statement-breakpoint
-- Ad and analytics events (issue 45, decision 0119): the owner's ids and tokens (the tokens never leave the server),
-- and when a cash-on-delivery Purchase is told: at order or at delivery.
ALTER TABLE "shop_settings" ADD COLUMN "meta_pixel_id" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "meta_capi_token" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "meta_purchase_at" text DEFAULT 'order' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "ga_measurement_id" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "ga_api_secret" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The shopper's consent to ad measurement when the order was placed (the consent bar's cookie), and what the ad
-- platforms match a buyer by, kept only with that consent: the address, browser, Meta's _fbp/_fbc, GA's client id.
ALTER TABLE "orders" ADD COLUMN "ad_consent" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ad_context" jsonb;
