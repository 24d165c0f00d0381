-- Issue 44, second half (decision 0114): the partial advance. The owner's rule sits beside the COD protection rule
-- in shop_settings; an order keeps the advance it was asked (its bKash payment is the order's gateway payment:
-- payment_state, gateway_payment_id, trx_id, paid_amount); a product not ready to ship names the day it ships.
ALTER TABLE "shop_settings" ADD COLUMN "advance_kind" text DEFAULT 'none' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "advance_value" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "advance_who" text DEFAULT 'everyone' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "advance_above" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance_amount" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance_for" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ships_on" date;
