-- Issue 21 (decision 0069): products with options (Size, Colour, Shade) and
-- variants, each with its own SKU, price, discount, stock, pictures and
-- publish. A product without options has no rows here: it is its own single
-- variant. For a product with variants, products.price/discount are those of
-- its cheapest published variant and products.stock the sum of the variants'
-- (written in the same transaction as the variants), so every reader of
-- products (listings, cards, feeds, old clients) keeps working.
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_varies" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The variants' option values (English and Bangla), searched like the name: "red kurta".
ALTER TABLE "products" ADD COLUMN "variant_text" text DEFAULT '' NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_idx";
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple', translate(coalesce("name", '') || ' ' || coalesce("name_bn", '') || ' ' || coalesce("variant_text", ''), '০১২৩৪৫৬৭৮৯', '0123456789')), 'A') || setweight(to_tsvector('simple', translate(coalesce("description", '') || ' ' || coalesce("description_bn", ''), '০১২৩৪৫৬৭৮৯', '0123456789')), 'B')) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"sku" text,
	"option_values" text[] NOT NULL,
	"price" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"publish" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_stock_check" CHECK ("stock" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" (lower("sku")) WHERE "sku" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_values_key" ON "product_variants" ("product_id", "option_values");
--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" ("product_id", "position");
--> statement-breakpoint
-- The dashboard's low-stock list, per variant.
CREATE INDEX "product_variants_stock_idx" ON "product_variants" ("stock");
--> statement-breakpoint
-- '' = the product itself (no options). A line of a removed variant is deleted by the product save that removes it.
ALTER TABLE "cart_items" ADD COLUMN "variant_id" text DEFAULT '' NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "cart_items_user_product_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_product_key" ON "cart_items" ("user_id", "product_id", "variant_id");
--> statement-breakpoint
-- An order item's variant, and its SKU and chosen options as they were when ordered.
ALTER TABLE "order_items" ADD COLUMN "variant_id" text;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;
