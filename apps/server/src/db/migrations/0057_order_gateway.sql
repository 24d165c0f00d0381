-- Issue 46 (decision 0127): the gateway an order's online payment went through, written when the payment starts,
-- so the expiry sweep, the callbacks and the order's answer dispatch on it rather than guess from the method.
-- NULL: cash on delivery without an advance, or a typed transaction id (no gateway payment).
ALTER TABLE "orders" ADD COLUMN "gateway" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gateway_check" CHECK ("gateway" IN ('bkash', 'sslcommerz', 'nagad'));
--> statement-breakpoint
-- Existing orders, from what was inferred until now: a gateway payment id with method sslcommerz is SSLCommerz's;
-- any other (bkash, or a COD order's partial advance) is bKash's. Nagad's gateway did not exist before.
UPDATE "orders" SET "gateway" = CASE WHEN "payment_status" = 'sslcommerz' THEN 'sslcommerz' ELSE 'bkash' END WHERE "gateway_payment_id" IS NOT NULL;
