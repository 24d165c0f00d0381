-- Issue 14: categories and sub-categories get an optional Bangla name, shown
-- when the shop is in Bangla ('' when none, like products' name_bn in 0010).
-- A constant default: PostgreSQL adds the column without rewriting the table.
ALTER TABLE "categories" ADD COLUMN "name_bn" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sub_categories" ADD COLUMN "name_bn" text DEFAULT '' NOT NULL;
