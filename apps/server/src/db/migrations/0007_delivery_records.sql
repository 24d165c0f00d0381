-- The COD risk check (issue 12, decision 0031): the courier fraud check's
-- answer per phone, shared by every process, and an index on the buyer's
-- phone for the shop's own delivery history.
CREATE TABLE "delivery_record_cache" (
	"phone" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"delivered" integer,
	"returned" integer,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "orders_delivery_mobile_idx" ON "orders" USING btree ((coalesce("delivery_address" ->> 'mobile', "guest_user_delivery_address" ->> 'mobile')));
