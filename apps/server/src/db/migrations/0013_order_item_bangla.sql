-- Issue 14: an order line keeps the product's Bangla name as it was when the
-- order was placed, beside the English one, so My Orders speaks the shopper's
-- language. Lines ordered before this keep '' and show the English name.
ALTER TABLE "order_items" ADD COLUMN "name_bn" text DEFAULT '' NOT NULL;
