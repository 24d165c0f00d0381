-- An order's uses no longer reference their promotions by a foreign key
-- (decision 0067). Its check share-locked every applied promotion's row from
-- every order placed at once (a multixact per promotion under a sale-day rush,
-- and a wait for each limited promotion's FOR UPDATE) and cost a lookup per use.
-- Promotions are never deleted (the owner pauses them), so the key guarded nothing.
ALTER TABLE "promotion_uses" DROP CONSTRAINT IF EXISTS "promotion_uses_promotion_id_fkey";
