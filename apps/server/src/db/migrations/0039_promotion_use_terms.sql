-- Issue 41 (decision 0095): a return re-prices the goods the shopper keeps with the promotions as they applied to the
-- order. Each use keeps the promotion's terms at placement (kind, value, buy/get, scope, minimum, combines), so an
-- owner's later edit does not change what a return of an earlier order refunds. Null for uses written before: the
-- promotion's row as it is now stands in.
ALTER TABLE "promotion_uses" ADD COLUMN "terms" jsonb;
