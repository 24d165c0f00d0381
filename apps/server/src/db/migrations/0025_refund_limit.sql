-- Issue 28 (decision 0066): the Orders role refunds up to a limit the owner
-- sets, in taka; 0 (the default) = Orders staff cannot refund until the owner
-- sets one. The Owner and Managers are not limited.
ALTER TABLE "shop_settings" ADD COLUMN "orders_refund_limit" integer DEFAULT 0 NOT NULL;
