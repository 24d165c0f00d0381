-- Issue 46 (decision 0120): SSLCommerz hosted checkout. An order paid through SSLCommerz whose validation
-- answered risk_level 1 is held for the owner's review: payment_hold keeps SSLCommerz's risk_title until
-- the owner releases it (NULL: nothing holds the order). The SSLCommerz tran_id is the order's number and
-- lives in gateway_payment_id, its bank_tran_id in trx_id, as bKash's paymentID and trxID do.
ALTER TABLE "orders" ADD COLUMN "payment_hold" text;
--> statement-breakpoint
-- A refund through SSLCommerz's refund API is a refund method of its own (its refund_ref_id in trx_id).
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method_check";
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_check" CHECK ("method" IN ('bkash', 'cash', 'bkash_manual', 'rocket', 'nagad', 'bank', 'sslcommerz'));
