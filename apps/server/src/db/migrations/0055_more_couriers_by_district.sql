-- Issue 46 (decision 0122): the courier per district or zone, with a fallback, and each shipment's district.
-- courier_rules: one row per area the owner chose a courier for. area is a district key (packages/shared
-- districts.ts), 'inside_dhaka' or 'outside_dhaka' (a zone), or '*' (the fallback for every other address).
CREATE TABLE "courier_rules" (
	"area" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The district a parcel went to, read from its address at booking: the shop's delivered rate per courier and
-- district is counted from it. Parcels booked before this migration have none and are not counted.
ALTER TABLE "shipments" ADD COLUMN "district" text;
--> statement-breakpoint
CREATE INDEX "shipments_district_idx" ON "shipments" USING btree ("district","provider") WHERE "shipments"."final";
