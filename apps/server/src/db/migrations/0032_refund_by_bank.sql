-- A refund owed for an order paid by a typed wallet transaction id is recorded by hand (decision 0081);
-- besides cash and the wallets, the owner may send it back by bank transfer.
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method_check";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_check" CHECK ("method" IN ('bkash', 'cash', 'bkash_manual', 'rocket', 'nagad', 'bank'));
--> statement-breakpoint
-- A refund owed for a typed transaction id under which no money arrived is closed as void by the owner, with the reason.
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_state_check";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_state_check" CHECK ("state" IN ('due', 'done', 'failed', 'void'));
