-- Issue 19 (decision 0049): the shop's search synonyms, one row per group of
-- words search treats as one ('shari', 'saree', 'শাড়ি'). Saving them changes
-- what searches answer, so the table announces changes like the catalogue's
-- own tables (migration 0004): every process drops its cached answers.
CREATE TABLE "search_synonyms" (
	"position" integer PRIMARY KEY NOT NULL,
	"words" text[] NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER "search_synonyms_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_synonyms" FOR EACH STATEMENT EXECUTE FUNCTION "haat_catalogue_changed"();
