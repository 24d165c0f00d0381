-- Issue 47 (decision 0124): reviews from buyers whose order line was delivered. One review per order line
-- (the unique order_item_id); the product's published reviews counted per star on the product's own row, kept
-- in the transaction of each publish, hide or edit by `rating_n = rating_n ± 1` (the row's lock orders
-- concurrent writers, so the counts, and the average computed from them, stay exact). Being columns of
-- "products", a change of them is a change of the catalogue (migration 0004's trigger): the cached answers and the
-- server-rendered product page are renewed exactly as after a product edit.
ALTER TABLE "products" ADD COLUMN "rating_1" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_2" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_3" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_4" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_5" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"order_item_id" text NOT NULL REFERENCES "order_items"("id") ON DELETE CASCADE,
	"user_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"author" text DEFAULT '' NOT NULL,
	"rating" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	"variant_bn" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"held_for" text DEFAULT '' NOT NULL,
	"hide_reason" text DEFAULT '' NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"replied_at" timestamp with time zone,
	"helpful" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_order_item_unique" UNIQUE ("order_item_id"),
	CONSTRAINT "reviews_rating_check" CHECK ("rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_status_check" CHECK ("status" IN ('pending', 'published', 'hidden'))
);
--> statement-breakpoint
CREATE INDEX "reviews_product_idx" ON "reviews" ("product_id", "status", "created_at");
--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" ("status", "created_at");
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"review_id" text NOT NULL REFERENCES "reviews"("id") ON DELETE CASCADE,
	"voter" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_pkey" PRIMARY KEY ("review_id", "voter")
);
--> statement-breakpoint
-- The asking SMS (once per order: the row is its mark).
CREATE TABLE "review_requests" (
	"order_id" text PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The owner's rule: publish at once from this many stars (null = hold every review); words that hold a review;
-- days after delivery the asking SMS goes (null = off, the default).
ALTER TABLE "shop_settings" ADD COLUMN "review_auto_publish_from" integer DEFAULT 4;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "review_blocked_words" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "review_request_days" integer;
