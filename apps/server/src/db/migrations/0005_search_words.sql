-- The words of product names, for typo-tolerant search (issue 9, decision 0017):
-- a typed word is matched by trigram similarity against these few thousand
-- words instead of against every product name, then full text finds the
-- products. Kept by triggers; a word whose last product is gone stays (it
-- then finds nothing), so the table only grows with the shop's vocabulary.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
INSERT INTO "search_words" SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('simple', "name"))) FROM "products" ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "haat_products_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words"
	SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('simple', "name"))) FROM new_rows
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_words_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "haat_products_words"();
--> statement-breakpoint
CREATE FUNCTION "haat_product_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words" SELECT unnest(tsvector_to_array(to_tsvector('simple', NEW."name"))) ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Per row and only on a new name: orders update stock many times a second.
CREATE TRIGGER "products_words_update" AFTER UPDATE OF "name" ON "products" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "haat_product_renamed"();
