-- Issue 23: a listing page is the newest products of a sub-category (or a
-- category). Ordered by products.created_at, every page read and sorted all of
-- the sub-category's products (2,000 heap reads at 100,000 products, 20,000 at
-- a million). The link tables now carry each product's created_at and publish,
-- kept by triggers, so a page — a deep one too — is a walk along one narrow
-- index and then its 20 products by key.
ALTER TABLE "product_categories" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "product_categories" ADD COLUMN "publish" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "product_sub_categories" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "product_sub_categories" ADD COLUMN "publish" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
UPDATE "product_categories" l SET "created_at" = p."created_at", "publish" = p."publish" FROM "products" p WHERE p."id" = l."product_id";
--> statement-breakpoint
UPDATE "product_sub_categories" l SET "created_at" = p."created_at", "publish" = p."publish" FROM "products" p WHERE p."id" = l."product_id";
--> statement-breakpoint
CREATE INDEX "product_categories_listing_idx" ON "product_categories" ("category_id", "created_at" DESC, "product_id" DESC) WHERE "publish";
--> statement-breakpoint
CREATE INDEX "product_sub_categories_listing_idx" ON "product_sub_categories" ("sub_category_id", "created_at" DESC, "product_id" DESC) WHERE "publish";
--> statement-breakpoint
-- A new link takes its product's values, whatever the writer sent.
CREATE FUNCTION "haat_link_listing_columns"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT p."created_at", p."publish" INTO NEW."created_at", NEW."publish" FROM "products" p WHERE p."id" = NEW."product_id";
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_categories_listing" BEFORE INSERT OR UPDATE OF "product_id" ON "product_categories" FOR EACH ROW EXECUTE FUNCTION "haat_link_listing_columns"();
--> statement-breakpoint
CREATE TRIGGER "product_sub_categories_listing" BEFORE INSERT OR UPDATE OF "product_id" ON "product_sub_categories" FOR EACH ROW EXECUTE FUNCTION "haat_link_listing_columns"();
--> statement-breakpoint
-- Per row and only when they change: orders update stock many times a second.
CREATE FUNCTION "haat_product_listing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "product_categories" SET "created_at" = NEW."created_at", "publish" = NEW."publish" WHERE "product_id" = NEW."id";
	UPDATE "product_sub_categories" SET "created_at" = NEW."created_at", "publish" = NEW."publish" WHERE "product_id" = NEW."id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_listing_changed" AFTER UPDATE OF "created_at", "publish" ON "products" FOR EACH ROW WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."publish" IS DISTINCT FROM NEW."publish") EXECUTE FUNCTION "haat_product_listing_changed"();
