-- Decision 0111 (review of 0109): the default variant's update trigger did its work on every UPDATE of products,
-- whatever the statement changed (a name, a description, the search text, a sold count). PostgreSQL takes neither
-- a column list (UPDATE OF) nor a WHEN clause that reads the rows on a statement trigger with transition tables, so
-- the filter is the transition tables themselves: only the rows whose price, discount, stock, publish or options
-- differ between old and new are read further, and a statement that changed none of them ends at one check.
CREATE OR REPLACE FUNCTION "haat_default_variants_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM new_rows n JOIN old_rows o ON o."id" = n."id"
		WHERE (n."price", n."discount", n."stock", n."publish", n."options") IS DISTINCT FROM (o."price", o."discount", o."stock", o."publish", o."options")
	) THEN
		RETURN NULL;
	END IF;
	-- Without options: the default variant follows the product's changed rows (written only when it differs, so
	-- an order or a cancel that wrote the variant's units first writes nothing more here).
	UPDATE "product_variants" v SET "price" = n."price", "discount" = n."discount", "stock" = n."stock", "publish" = n."publish", "updated_at" = now()
	FROM new_rows n JOIN old_rows o ON o."id" = n."id"
	WHERE v."id" = n."id" AND n."options" = '[]'::jsonb
		AND (n."price", n."discount", n."stock", n."publish", n."options") IS DISTINCT FROM (o."price", o."discount", o."stock", o."publish", o."options")
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
