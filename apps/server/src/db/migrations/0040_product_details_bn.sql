-- Issue 42: a product's Details bullets in Bangla beside the English ones, as its name and description have (0010).
-- Not searched: the bullets are the page's fine print, and the English ones are not searched either.
ALTER TABLE "products" ADD COLUMN "product_details_bn" text DEFAULT '' NOT NULL;
