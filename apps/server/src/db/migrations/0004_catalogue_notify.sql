-- Every process caches catalogue answers (issue 9) and must forget them when the
-- catalogue changes, whoever changed it: these triggers announce each change on
-- the channel haat_catalogue. Payload '*' means "forget everything"; a list of
-- product ids means only their stock moved (orders), which changes no list's
-- membership or order, so only answers holding those products are dropped.
CREATE FUNCTION "haat_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('haat_catalogue', '*');
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "haat_products_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ids text;
BEGIN
	IF (SELECT count(*) FROM new_rows) > 100 OR EXISTS (
		SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
		WHERE to_jsonb(o) - 'stock' - 'updated_at' IS DISTINCT FROM to_jsonb(n) - 'stock' - 'updated_at'
	) THEN
		PERFORM pg_notify('haat_catalogue', '*');
	ELSE
		SELECT string_agg(id, ',') INTO ids FROM new_rows;
		IF ids IS NOT NULL THEN
			PERFORM pg_notify('haat_catalogue', ids);
		END IF;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_notify_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "haat_products_updated"();
--> statement-breakpoint
CREATE TRIGGER "products_notify" AFTER INSERT OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "haat_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_categories" FOR EACH STATEMENT EXECUTE FUNCTION "haat_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_sub_categories_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_sub_categories" FOR EACH STATEMENT EXECUTE FUNCTION "haat_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "categories_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "haat_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "sub_categories_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sub_categories" FOR EACH STATEMENT EXECUTE FUNCTION "haat_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "sub_category_categories_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sub_category_categories" FOR EACH STATEMENT EXECUTE FUNCTION "haat_catalogue_changed"();
