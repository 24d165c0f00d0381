-- Issue 42. An exchange's replacement order is named as one (item 13): source 'exchange' and the number of the
-- order it replaces items of, instead of a phone order ('admin') with an English note. The ones made before
-- take both from their return record, and lose the note that was their only link ("Exchange for HT-…").
ALTER TABLE "orders" ADD COLUMN "exchange_for" text;--> statement-breakpoint
UPDATE "orders" SET "source" = 'exchange', "exchange_for" = "original"."order_id", "note" = CASE WHEN "orders"."note" = 'Exchange for ' || "original"."order_id" THEN '' ELSE "orders"."note" END
  FROM "order_returns" "r" JOIN "orders" "original" ON "original"."id" = "r"."order_id"
  WHERE "r"."replacement_order_id" = "orders"."id";--> statement-breakpoint
-- An incomplete checkout keeps the recipient's name and address as typed (item 10): "Make phone order" opens with them.
ALTER TABLE "incomplete_checkouts" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "incomplete_checkouts" ADD COLUMN "address_line" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "incomplete_checkouts" ADD COLUMN "city" text DEFAULT '' NOT NULL;
