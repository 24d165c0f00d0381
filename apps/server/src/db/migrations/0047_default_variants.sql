-- Issue 43 item 5 (decision 0109): every product has at least one variant. A product without options
-- has one "default" variant whose id is the product's own id (what the API already answered as its
-- single variant, decision 0069), with no option values and no pictures of its own. Its SKU is that id
-- too (so every variant has one, unique like the ids), which no answer shows. Lines
-- keep naming it as before: '' in cart_items.variant_id and NULL in order_items.variant_id both mean
-- "the variant whose id is the product id", so no cart, order or idempotency hash changes.
--
-- The product row stays what every reader reads, and the default variant is kept equal to it here, in
-- the database: its price, discount, stock and publish follow the product's whoever writes them (the
-- form, the CSV import, the seed, an order taking or giving back stock), it comes when a product is
-- created without options or loses them, and goes when the product gains options. Statement triggers
-- with transition tables: one import chunk or one order's stock statement is one statement here too.
INSERT INTO "product_variants" ("id", "product_id", "position", "sku", "option_values", "price", "discount", "stock", "images", "publish")
SELECT "id", "id", 0, "id", '{}'::text[], "price", "discount", "stock", '{}'::text[], "publish" FROM "products" WHERE "options" = '[]'::jsonb
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "haat_default_variants_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "product_variants" ("id", "product_id", "position", "sku", "option_values", "price", "discount", "stock", "images", "publish")
	SELECT n."id", n."id", 0, n."id", '{}'::text[], n."price", n."discount", n."stock", '{}'::text[], n."publish" FROM new_rows n WHERE n."options" = '[]'::jsonb
	ON CONFLICT ("id") DO NOTHING;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_default_variant_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "haat_default_variants_inserted"();
--> statement-breakpoint
CREATE FUNCTION "haat_default_variants_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Without options: the default variant follows the product (written only when it differs, so an
	-- order that took the variant's units first writes nothing more here).
	UPDATE "product_variants" v SET "price" = n."price", "discount" = n."discount", "stock" = n."stock", "publish" = n."publish", "updated_at" = now()
	FROM new_rows n
	WHERE v."id" = n."id" AND n."options" = '[]'::jsonb
		AND (v."price", v."discount", v."stock", v."publish") IS DISTINCT FROM (n."price", n."discount", n."stock", n."publish");
	-- Options changed (rare: the product form, an import): the default variant goes or comes.
	IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."options" IS DISTINCT FROM o."options") THEN
		DELETE FROM "product_variants" v USING new_rows n WHERE v."id" = n."id" AND n."options" <> '[]'::jsonb;
		INSERT INTO "product_variants" ("id", "product_id", "position", "sku", "option_values", "price", "discount", "stock", "images", "publish")
		SELECT n."id", n."id", 0, n."id", '{}'::text[], n."price", n."discount", n."stock", '{}'::text[], n."publish"
		FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."options" = '[]'::jsonb AND o."options" <> '[]'::jsonb
		ON CONFLICT ("id") DO NOTHING;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_default_variant_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "haat_default_variants_updated"();
