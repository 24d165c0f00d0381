-- The owner's dashboard (issue 14, decision 0041). Each figure is one aggregate
-- over a period; these indexes let PostgreSQL read a period's orders, their
-- lines and its parcels from the index alone (index-only scans), and the
-- low-stock list from the stock order. shop_settings holds the low-stock level
-- (a single row, id 1, like delivery_settings; 5 until an admin saves it).
DROP INDEX IF EXISTS "orders_created_idx";
--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","status","payment_state","payment_status","total_amount","id");
--> statement-breakpoint
DROP INDEX IF EXISTS "order_items_order_idx";
--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","product_id","quantity","unit_price");
--> statement-breakpoint
CREATE INDEX "products_stock_idx" ON "products" USING btree ("stock","name");
--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("created_at","stage");
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"low_stock_threshold" integer DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
