-- Issue 40 (decision 0103): a listing's counts kept by triggers. At a million products the first page of a
-- listing counted its sub-category's products outside its category (a hash anti-join over 140,000–160,000
-- index entries, ~100 ms) and its total (~20,000 entries). One row per key now holds each count:
--   (category, '')            published products in the category;
--   ('', sub-category)        published products in the sub-category;
--   (category, sub-category)  products linked to both, published (by the category link's publish).
-- The link tables' publish and created_at follow the product (migration 0018); these triggers follow the links.
-- Statement-level with transition tables: a CSV import or a bulk seed of 10,000 links adds to each key once.
CREATE TABLE "listing_counts" (
	"category_id" text NOT NULL,
	"sub_category_id" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "listing_counts_pkey" PRIMARY KEY ("category_id", "sub_category_id")
);
--> statement-breakpoint
-- Adds d to the counts of these category links (taken as published): the category's, and each pair with the
-- product's sub-categories. Keys in order, so two writers lock the rows they share in the same order.
CREATE FUNCTION "haat_count_category_links"(p text[], c text[], d integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "listing_counts" ("category_id", "sub_category_id", "n")
	SELECT k.c, k.s, d * k.n FROM (
		SELECT l.c, '' AS s, count(*)::int AS n FROM unnest(p, c) AS l(p, c) GROUP BY l.c
		UNION ALL
		SELECT l.c, s."sub_category_id", count(*)::int FROM unnest(p, c) AS l(p, c)
			JOIN "product_sub_categories" s ON s."product_id" = l.p GROUP BY l.c, s."sub_category_id"
	) k ORDER BY k.c, k.s
	ON CONFLICT ("category_id", "sub_category_id") DO UPDATE SET "n" = "listing_counts"."n" + excluded."n";
$$;
--> statement-breakpoint
-- Adds d to the counts of these sub-category links: the sub-category's for the published ones, and each pair
-- with the product's published category links for all of them.
CREATE FUNCTION "haat_count_sub_category_links"(p text[], s text[], published boolean[], d integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "listing_counts" ("category_id", "sub_category_id", "n")
	SELECT k.c, k.s, d * k.n FROM (
		SELECT '' AS c, l.s, count(*)::int AS n FROM unnest(p, s, published) AS l(p, s, published) WHERE l.published GROUP BY l.s
		UNION ALL
		SELECT c."category_id", l.s, count(*)::int FROM unnest(p, s) AS l(p, s)
			JOIN "product_categories" c ON c."product_id" = l.p AND c."publish" GROUP BY c."category_id", l.s
	) k ORDER BY k.c, k.s
	ON CONFLICT ("category_id", "sub_category_id") DO UPDATE SET "n" = "listing_counts"."n" + excluded."n";
$$;
--> statement-breakpoint
-- A link deleted by its product's delete (ON DELETE CASCADE) is counted out by the product's own trigger below,
-- while both link tables are still whole: the cascade's triggers run once the product is gone and skip it.
CREATE FUNCTION "haat_category_links_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "haat_count_category_links"(array_agg(n."product_id"), array_agg(n."category_id"), 1) FROM new_links n WHERE n."publish" HAVING count(*) > 0;
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "haat_count_category_links"(array_agg(o."product_id"), array_agg(o."category_id"), -1) FROM old_links o
			WHERE o."publish" AND EXISTS (SELECT 1 FROM "products" WHERE "id" = o."product_id") HAVING count(*) > 0;
	ELSE
		-- Only what changed (a publish, a key): the listing trigger of 0018 also moves created_at.
		PERFORM "haat_count_category_links"(array_agg(x.p), array_agg(x.c), -1) FROM (
			SELECT "product_id", "category_id" FROM old_links WHERE "publish" EXCEPT ALL SELECT "product_id", "category_id" FROM new_links WHERE "publish"
		) AS x(p, c) HAVING count(*) > 0;
		PERFORM "haat_count_category_links"(array_agg(x.p), array_agg(x.c), 1) FROM (
			SELECT "product_id", "category_id" FROM new_links WHERE "publish" EXCEPT ALL SELECT "product_id", "category_id" FROM old_links WHERE "publish"
		) AS x(p, c) HAVING count(*) > 0;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "haat_sub_category_links_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "haat_count_sub_category_links"(array_agg(n."product_id"), array_agg(n."sub_category_id"), array_agg(n."publish"), 1) FROM new_links n HAVING count(*) > 0;
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "haat_count_sub_category_links"(array_agg(o."product_id"), array_agg(o."sub_category_id"), array_agg(o."publish"), -1) FROM old_links o
			WHERE EXISTS (SELECT 1 FROM "products" WHERE "id" = o."product_id") HAVING count(*) > 0;
	ELSE
		PERFORM "haat_count_sub_category_links"(array_agg(x.p), array_agg(x.s), array_agg(x.published), -1) FROM (
			SELECT "product_id", "sub_category_id", "publish" FROM old_links EXCEPT ALL SELECT "product_id", "sub_category_id", "publish" FROM new_links
		) AS x(p, s, published) HAVING count(*) > 0;
		PERFORM "haat_count_sub_category_links"(array_agg(x.p), array_agg(x.s), array_agg(x.published), 1) FROM (
			SELECT "product_id", "sub_category_id", "publish" FROM new_links EXCEPT ALL SELECT "product_id", "sub_category_id", "publish" FROM old_links
		) AS x(p, s, published) HAVING count(*) > 0;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_categories_counted_insert" AFTER INSERT ON "product_categories" REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION "haat_category_links_counted"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_counted_delete" AFTER DELETE ON "product_categories" REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION "haat_category_links_counted"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_counted_update" AFTER UPDATE ON "product_categories" REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION "haat_category_links_counted"();
--> statement-breakpoint
CREATE TRIGGER "product_sub_categories_counted_insert" AFTER INSERT ON "product_sub_categories" REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION "haat_sub_category_links_counted"();
--> statement-breakpoint
CREATE TRIGGER "product_sub_categories_counted_delete" AFTER DELETE ON "product_sub_categories" REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION "haat_sub_category_links_counted"();
--> statement-breakpoint
CREATE TRIGGER "product_sub_categories_counted_update" AFTER UPDATE ON "product_sub_categories" REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION "haat_sub_category_links_counted"();
--> statement-breakpoint
-- A product's delete counts its links out before its cascade removes them (see above).
CREATE FUNCTION "haat_product_links_counted_out"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "haat_count_category_links"(array_agg("product_id"), array_agg("category_id"), -1) FROM "product_categories"
		WHERE "product_id" = OLD."id" AND "publish" HAVING count(*) > 0;
	-- The sub-categories' own counts only: the pairs went with the category links just above.
	INSERT INTO "listing_counts" ("category_id", "sub_category_id", "n")
		SELECT '', "sub_category_id", -1 FROM "product_sub_categories" WHERE "product_id" = OLD."id" AND "publish" ORDER BY 2
		ON CONFLICT ("category_id", "sub_category_id") DO UPDATE SET "n" = "listing_counts"."n" + excluded."n";
	RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_links_counted_out" BEFORE DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION "haat_product_links_counted_out"();
--> statement-breakpoint
-- The counts of the catalogue as it is.
INSERT INTO "listing_counts" ("category_id", "sub_category_id", "n")
SELECT "category_id", '', count(*)::int FROM "product_categories" WHERE "publish" GROUP BY 1
UNION ALL
SELECT '', "sub_category_id", count(*)::int FROM "product_sub_categories" WHERE "publish" GROUP BY 2
UNION ALL
SELECT c."category_id", s."sub_category_id", count(*)::int FROM "product_categories" c
	JOIN "product_sub_categories" s ON s."product_id" = c."product_id" WHERE c."publish" GROUP BY 1, 2;
