-- Issue 14 (decision 0038): products get a Bangla name and description, and
-- search covers both languages. The search vector is a generated column, which
-- PostgreSQL 15 cannot alter: it is dropped (with its index) and added again
-- with the Bangla texts, name_bn at weight A beside name and description_bn at
-- B beside description. Bengali digits are indexed as ASCII digits, as the
-- search words are, so '০১২' and '012' find each other.
ALTER TABLE "products" ADD COLUMN "name_bn" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_bn" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', translate(coalesce("name", '') || ' ' || coalesce("name_bn", ''), '০১২৩৪৫৬৭৮৯', '0123456789')), 'A') || setweight(to_tsvector('simple', translate(coalesce("description", '') || ' ' || coalesce("description_bn", ''), '০১২৩৪৫৬৭৮৯', '0123456789')), 'B')) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");
--> statement-breakpoint
-- The typo fallback's words (0005) come from both names now.
CREATE OR REPLACE FUNCTION "haat_products_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words"
	SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('simple', translate("name" || ' ' || "name_bn", '০১২৩৪৫৬৭৮৯', '0123456789')))) FROM new_rows
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "haat_product_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words" SELECT unnest(tsvector_to_array(to_tsvector('simple', translate(NEW."name" || ' ' || NEW."name_bn", '০১২৩৪৫৬৭৮৯', '0123456789')))) ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "products_words_update" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_words_update" AFTER UPDATE OF "name", "name_bn" ON "products" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."name_bn" IS DISTINCT FROM NEW."name_bn") EXECUTE FUNCTION "haat_product_renamed"();
