-- An order's uses are keyed by (order, promotion) (issue 22's speed target).
-- The random id was a second unique index written once per use, and an order
-- carrying 28 stacked promotions wrote 28 of each; the pair was already unique.
-- The two partial indexes for per-customer counts (by phone, by account) become
-- one: a count reads every open use of the promotion anyway (its total), and
-- each index is one more write per use.
ALTER TABLE "promotion_uses" DROP CONSTRAINT IF EXISTS "promotion_uses_pkey";--> statement-breakpoint
ALTER TABLE "promotion_uses" DROP COLUMN IF EXISTS "id";--> statement-breakpoint
DROP INDEX IF EXISTS "promotion_uses_order_key";--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_pkey" PRIMARY KEY ("order_id", "promotion_id");--> statement-breakpoint
DROP INDEX IF EXISTS "promotion_uses_phone_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "promotion_uses_user_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "promotion_uses_open_idx" ON "promotion_uses" ("promotion_id", "phone", "user_id") WHERE "released_at" IS NULL;
--> statement-breakpoint
-- Every change of a promotion is announced, so that each process's kept list of
-- running promotions (decision 0070) is dropped before its next read.
CREATE OR REPLACE FUNCTION "haat_promotions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('haat_promotions', '');
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "promotions_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promotions" FOR EACH STATEMENT EXECUTE FUNCTION "haat_promotions_changed"();
